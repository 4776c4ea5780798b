import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { ImportFileProblem } from './problem';
import { inSlices } from './slices';
import { entryDataStart, type ZipEntry } from './zipDirectory';

/**
 * The text of one zip entry, inflated from the file on disk as it is read, counted against the
 * size the directory claims (a lying directory is stopped there, a claim over `cap` before
 * anything is inflated), and decoded as UTF-8 here: ExcelJS decodes each Buffer chunk on its own
 * (utils/browser-buffer-decode.js), which turns a character split between two chunks into U+FFFD,
 * so it is given strings, which it passes through.
 */
export async function* entryText(path: string, file: FileHandle, size: number, entry: ZipEntry, cap: number, onBytes: (count: number) => void): AsyncGenerator<string> {
  if (entry.uncompressedSize > cap) throw new ImportFileProblem('file_too_large');
  const start = await entryDataStart(file, entry, size);
  if (entry.compressedSize === 0) {
    if (entry.uncompressedSize !== 0) throw new ImportFileProblem('invalid_xlsx');
    return;
  }
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1, highWaterMark: 64 * 1024 });
  // The callback pipeline returns its last stream; an error anywhere destroys it with that error.
  const bytes = entry.method === 8 ? pipeline(raw, createInflateRaw({ chunkSize: 64 * 1024 }), () => {}) : raw;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let inflated = 0;
  let reported = 0;
  try {
    for await (const chunk of bytes as AsyncIterable<Buffer>) {
      onBytes(raw.bytesRead - reported);
      reported = raw.bytesRead;
      inflated += chunk.length;
      if (inflated > entry.uncompressedSize) throw new ImportFileProblem('invalid_xlsx');
      yield* inSlices(decoder.decode(chunk, { stream: true }));
    }
    const tail = decoder.decode();
    if (tail) yield tail;
  } finally {
    bytes.destroy();
    raw.destroy();
  }
  if (inflated !== entry.uncompressedSize) throw new ImportFileProblem('invalid_xlsx');
}
