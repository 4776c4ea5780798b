import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * `COPY … FROM STDIN` in its text format, shared by the log's staged append and the read
 * models' COPY (projector/src/core/copyRows.ts).
 */

const SPECIAL = /[\\\t\n\r]/;

/** One field in COPY's text format: \N is null; backslash, tab, newline and return are escaped. */
export function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  // NaN and ±Infinity as JSON writes them (null), so COPY stores what a JSON insert would.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '\\N';
  if (typeof value === 'boolean') return String(value);
  const text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  // Most fields have nothing to escape: test before building a new string.
  if (!SPECIAL.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** Sends `lines` (each ending in a newline) to `statement`, a few hundred KB per write. */
export async function copyLines(connection: pg.Client, statement: string, lines: Iterable<string>): Promise<void> {
  await pipeline(Readable.from(batched(lines)), connection.query(copyFrom(statement)));
}

function* batched(lines: Iterable<string>): Generator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= 256 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
