import { TextDecoder } from 'node:util';
import { inSlices } from './slices';

/** Why the text ended early: the CSV reader names the row after the last one parsed. */
export interface TextOutcome {
  stop: 'invalid_encoding' | 'invalid_csv' | null;
}

const LF = 0x0a;
const CR = 0x0d;

/** The text of whole lines; on a decoding error, of the lines before the first one that fails. */
function decodeLines(decoder: TextDecoder, bytes: Buffer): { text: string; failed: boolean } {
  try {
    return { text: decoder.decode(bytes), failed: false };
  } catch {
    let text = '';
    let from = 0;
    for (let at = 0; at < bytes.length; at++) {
      if (bytes[at] !== LF && bytes[at] !== CR) continue;
      try {
        text += decoder.decode(bytes.subarray(from, at + 1));
      } catch {
        break;
      }
      from = at + 1;
    }
    return { text, failed: true };
  }
}

/**
 * A pipeline stage from the file's bytes to its text, a chunk at a time, each chunk cut after its
 * last line break (CR and LF are single bytes in UTF-8 and Shift_JIS alike, so a cut there never
 * splits a character) and the rest held for the next. On a decoding error it yields the lines
 * before the bad one and ends, as it does on a line too long to be a record: the CSV parser then
 * ends on a whole line, its last record is complete, and the bad row is the next one.
 */
export function decodedLines(
  encoding: 'utf-8' | 'shift_jis',
  outcome: TextOutcome,
  options: {
    maxLineBytes: number;
    onBytes: (count: number) => void;
    /** True once the parser has met a broken record: the rest of the file is not needed. */
    halted: () => boolean;
    signal: AbortSignal | undefined;
  },
): (source: AsyncIterable<Buffer>) => AsyncGenerator<string> {
  // ignoreBOM: a U+FEFF inside the file is text; the reader has skipped a leading BOM already.
  const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  return async function* (source) {
    let held: Buffer = Buffer.alloc(0);
    for await (const chunk of source) {
      options.signal?.throwIfAborted();
      if (options.halted()) return;
      options.onBytes(chunk.length);
      const bytes = held.length > 0 ? Buffer.concat([held, chunk]) : chunk;
      const end = Math.max(bytes.lastIndexOf(LF), bytes.lastIndexOf(CR)) + 1;
      held = Buffer.from(bytes.subarray(end));
      const { text, failed } = decodeLines(decoder, bytes.subarray(0, end));
      yield* inSlices(text);
      if (failed || held.length > options.maxLineBytes) {
        outcome.stop = failed ? 'invalid_encoding' : 'invalid_csv';
        return;
      }
    }
    const { text, failed } = decodeLines(decoder, held);
    yield* inSlices(text);
    if (failed) outcome.stop = 'invalid_encoding';
  };
}
