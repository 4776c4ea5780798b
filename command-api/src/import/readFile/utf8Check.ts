import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';

/**
 * How many bytes at the end of `bytes` begin a UTF-8 sequence that the next chunk completes (0–3).
 * Looks back at most 3 bytes for the last lead byte; only continuation bytes there is invalid
 * anyway, so nothing is held back and the check reports it.
 */
export function incompleteUtf8Tail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/**
 * Whether the file from `start` is valid UTF-8, read a chunk at a time. `isUtf8` (simdutf) checks
 * a whole buffer, so a sequence split between two chunks is held back and checked with the next.
 * Stops reading at the first invalid chunk.
 */
export async function isUtf8File(path: string, start: number, chunkBytes: number, signal?: AbortSignal): Promise<boolean> {
  let held: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { start, highWaterMark: chunkBytes }) as AsyncIterable<Buffer>) {
    signal?.throwIfAborted();
    const bytes = held.length > 0 ? Buffer.concat([held, chunk]) : chunk;
    const end = bytes.length - incompleteUtf8Tail(bytes);
    if (!isUtf8(bytes.subarray(0, end))) return false;
    held = Buffer.from(bytes.subarray(end));
  }
  return held.length === 0;
}
