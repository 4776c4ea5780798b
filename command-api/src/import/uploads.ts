import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportSourceType } from '@ghg/domain';
import { HttpError } from '../core/httpErrors';

/**
 * Uploaded import files: streamed to a temporary file (hashed and counted on the way, never held
 * in memory), read from there (twice: once to check, once to write), and kept for a while after a
 * preview so that confirming it does not upload it again. Progress is kept per upload for the
 * progress bar (bytes received, then rows read).
 */

/** Largest file accepted: a 1,000,000-row standard CSV is about 150 MB. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;
/** A previewed upload waits this long for its confirmation. */
const KEEP_MS = 30 * 60 * 1000;

export interface Progress {
  phase: 'receiving' | 'reading' | 'writing' | 'done';
  bytes: number;
  totalBytes: number | null;
  rows: number;
}

export interface KeptUpload {
  uploadId: string;
  companyId: string;
  userId: string;
  path: string;
  fileName: string;
  sourceType: ImportSourceType;
  sha256: string;
  bytes: number;
  expiresAt: number;
}

const root = join(tmpdir(), `ghg-imports-${process.pid}`);
const kept = new Map<string, KeptUpload>();
const progress = new Map<string, { owner: string; progress: Progress; expiresAt: number }>();

function sweep(now = Date.now()): void {
  for (const [id, upload] of kept) {
    if (upload.expiresAt < now) {
      kept.delete(id);
      void rm(upload.path, { force: true });
    }
  }
  for (const [id, p] of progress) if (p.expiresAt < now) progress.delete(id);
}

/** The progress of `uploadId` for `owner` (the user who uploaded it). */
export function progressOf(uploadId: string, owner: string): Progress | null {
  const entry = progress.get(uploadId);
  return entry && entry.owner === owner ? entry.progress : null;
}

export function trackProgress(uploadId: string, owner: string, totalBytes: number | null): Progress {
  sweep();
  const p: Progress = { phase: 'receiving', bytes: 0, totalBytes, rows: 0 };
  progress.set(uploadId, { owner, progress: p, expiresAt: Date.now() + KEEP_MS });
  return p;
}

/** Streams `body` into a new temporary file, hashing and counting it; refuses past MAX_IMPORT_BYTES. */
export async function receiveFile(body: Readable, p: Progress): Promise<{ path: string; sha256: string; bytes: number; firstBytes: Buffer }> {
  await mkdir(root, { recursive: true });
  const path = join(root, randomUUID());
  const hash = createHash('sha256');
  let firstBytes = Buffer.alloc(0);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      p.bytes += chunk.length;
      if (p.bytes > MAX_IMPORT_BYTES) return done(new HttpError(413, 'file_too_large', 'file too large'));
      if (firstBytes.length < 8) firstBytes = Buffer.concat([firstBytes, chunk.subarray(0, 8 - firstBytes.length)]);
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return { path, sha256: hash.digest('hex'), bytes: p.bytes, firstBytes };
}

export function keepUpload(upload: Omit<KeptUpload, 'expiresAt'>): void {
  sweep();
  kept.set(upload.uploadId, { ...upload, expiresAt: Date.now() + KEEP_MS });
}

/** A kept upload of this user and company (null when unknown, expired or another's). */
export function keptUpload(uploadId: string, companyId: string, userId: string): KeptUpload | null {
  sweep();
  const upload = kept.get(uploadId);
  return upload && upload.companyId === companyId && upload.userId === userId ? upload : null;
}

export async function discardUpload(uploadId: string, path: string): Promise<void> {
  kept.delete(uploadId);
  await rm(path, { force: true });
}
