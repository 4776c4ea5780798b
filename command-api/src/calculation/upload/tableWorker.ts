import { parentPort, workerData } from 'node:worker_threads';
import { checkTable, type TableJob } from './tableCheck';

// Runs in the upload worker (started by checkUploadedTable.ts): one file, one answer.
parentPort!.postMessage(await checkTable((workerData as { job: TableJob }).job));
