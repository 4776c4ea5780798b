import { Worker } from 'node:worker_threads';
import { isZip } from '../factorTable';
import { UPLOAD_LIMITS, type UploadLimits } from './limits';
import { checkTable, type TableCheck } from './tableCheck';

const BOOTSTRAP = new URL('./workerBootstrap.mjs', import.meta.url);
const ENTRY = new URL('./tableWorker.ts', import.meta.url).href;

let running = 0;
const waiting: (() => void)[] = [];

/** A turn to run a worker; null when the queue is full (the caller answers `uploads_busy`). */
async function turn(limits: UploadLimits): Promise<(() => void) | null> {
  if (running >= limits.maxParallelUploads) {
    if (waiting.length >= limits.maxQueuedUploads) return null;
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  // A finished worker hands its turn straight to the next in the queue (running stays the same).
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

/** The worker's own failures that the file caused: its heap cap, or the deadline. */
const isOutOfMemory = (e: unknown) => (e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';

function runWorker(fileName: string, bytes: Buffer, limits: UploadLimits): Promise<TableCheck> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, {
      execArgv: [],
      workerData: { entry: ENTRY, job: { fileName, bytes, limits } },
      resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (outcome: { check: TableCheck } | { error: unknown }) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      if ('check' in outcome) resolve(outcome.check);
      else reject(outcome.error);
    };
    const tooComplex: TableCheck = { ok: false, kind: 'refused', code: 'file_too_complex' };
    const deadline = setTimeout(() => settle({ check: tooComplex }), limits.workerTimeoutMs);
    worker.once('message', (check: TableCheck) => settle({ check }));
    worker.once('error', (error) => settle(isOutOfMemory(error) ? { check: tooComplex } : { error }));
    worker.once('exit', (code) => settle({ error: new Error(`upload worker exited with ${code} before answering`) }));
  });
}

/**
 * Reads and checks an uploaded table in a worker thread, so the event loop stays free for other
 * requests: the worker's heap is capped (`workerHeapMb`) and it is ended at the deadline
 * (`workerTimeoutMs`), both answered `file_too_complex`; at most `maxParallelUploads` run at once
 * and `maxQueuedUploads` wait, beyond which `uploads_busy`. A fresh worker per file: its memory
 * is returned in full when it ends. A small CSV (`maxInlineCsvBytes`) is checked inline instead.
 */
export async function checkUploadedTable(fileName: string, bytes: Buffer, limits: UploadLimits = UPLOAD_LIMITS): Promise<TableCheck> {
  if (bytes.length <= limits.maxInlineCsvBytes && !isZip(bytes) && !/\.xlsx$/i.test(fileName)) return checkTable({ fileName, bytes, limits });
  const done = await turn(limits);
  if (!done) return { ok: false, kind: 'refused', code: 'uploads_busy' };
  try {
    return await runWorker(fileName, bytes, limits);
  } finally {
    done();
  }
}
