// Entry of the upload worker thread. Plain JavaScript on purpose: on Node 20 a worker does not
// inherit the parent's `--import tsx` loader (nor vitest's), so it registers tsx itself and only
// then loads the TypeScript module named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
