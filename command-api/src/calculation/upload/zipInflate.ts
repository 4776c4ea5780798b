import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { UPLOAD_LIMITS, type UploadLimits } from './limits';
import { entryData, type ZipEntry } from './zipDirectory';

/** Thrown while inflating once an entry yields more than it claimed or the file more than the caps allow. */
export class UncompressedTooLarge extends Error {
  readonly code = 'file_uncompressed_too_large';
}

/** Thrown when an entry's local header or deflate data is broken. */
export class BrokenZip extends Error {
  readonly code = 'invalid_xlsx';
}

/** The bytes all entries of one file may still inflate to. */
export class InflateBudget {
  constructor(private left: number = UPLOAD_LIMITS.maxUncompressedBytes) {}
  take(bytes: number): void {
    this.left -= bytes;
    if (this.left < 0) throw new UncompressedTooLarge('uncompressed size over the cap');
  }
}

/**
 * An entry's content, inflated chunk by chunk and counted as it comes: more bytes than the entry
 * claims in the directory (or than the caps) stop the reading, so a directory that lies about
 * sizes cannot get a bomb past readZipDirectory.
 */
export async function* inflateEntry(zip: Buffer, entry: ZipEntry, budget: InflateBudget, limits: UploadLimits = UPLOAD_LIMITS): AsyncGenerator<Buffer> {
  const data = entryData(zip, entry);
  if (!data) throw new BrokenZip(`broken local header of ${entry.name}`);
  const cap = Math.min(entry.uncompressedSize, limits.maxEntryBytes);
  let seen = 0;
  const count = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > cap) throw new UncompressedTooLarge(`${entry.name} inflates beyond ${cap} bytes`);
    budget.take(chunk.length);
    return chunk;
  };
  if (entry.method === 0) {
    yield count(data);
    return;
  }
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  inflater.end(data);
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) yield count(chunk);
  } catch (e) {
    throw e instanceof UncompressedTooLarge ? e : new BrokenZip(`${entry.name}: ${(e as Error).message}`);
  } finally {
    inflater.destroy();
  }
}

/** The same as a stream, for readers that take one. */
export const inflateEntryStream = (zip: Buffer, entry: ZipEntry, budget: InflateBudget, limits: UploadLimits = UPLOAD_LIMITS): Readable =>
  Readable.from(inflateEntry(zip, entry, budget, limits), { objectMode: false });
