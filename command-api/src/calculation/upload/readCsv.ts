import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import type { Cell } from '@ghg/domain';
import { UPLOAD_LIMITS, type UploadLimits } from './limits';
import { TableRows, type RowCapCode } from './tableRows';

export type CsvFormat = 'csv-utf8' | 'csv-utf8-bom' | 'csv-shift_jis';

export type CsvReadResult =
  | { ok: true; format: CsvFormat; rows: (readonly Cell[])[] }
  | { ok: false; code: 'invalid_encoding' }
  | { ok: false; code: 'invalid_csv' | RowCapCode; row?: number };

const CHUNK = 256 * 1024;

/** UTF-8 with a BOM, strict UTF-8, else Shift_JIS (Windows-31J: what Excel in Japan saves as "CSV"). */
function encodingOf(bytes: Buffer): { format: CsvFormat; body: Buffer; label: string } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { format: 'csv-utf8-bom', body: bytes.subarray(3), label: 'utf-8' };
  return isUtf8(bytes) ? { format: 'csv-utf8', body: bytes, label: 'utf-8' } : { format: 'csv-shift_jis', body: bytes, label: 'shift_jis' };
}

/** Decoded a chunk at a time, so the text never exists twice over (bytes and one whole string). */
function* decodedChunks(body: Buffer, label: string): Generator<string> {
  const decoder = new TextDecoder(label, { fatal: true });
  for (let at = 0; at < body.length; at += CHUNK) yield decoder.decode(body.subarray(at, at + CHUNK), { stream: true });
  const tail = decoder.decode();
  if (tail) yield tail;
}

const isDecodeError = (e: unknown) => (e as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA';

/**
 * An uploaded CSV → rows of cells, parsed as it is decoded and stopped at the first row over the
 * caps. Row i of the result is spreadsheet row i + 1, so error row numbers match what the user sees.
 */
export async function readCsv(bytes: Buffer, limits: UploadLimits = UPLOAD_LIMITS): Promise<CsvReadResult> {
  const { format, body, label } = encodingOf(bytes);
  const parser = parse({ relax_column_count: true, skip_empty_lines: false });
  const feeding = pipeline(Readable.from(decodedChunks(body, label)), parser);
  feeding.catch(() => {}); // its error also ends the loop below, which reports it
  const table = new TableRows(limits);
  let position = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const refused = table.add(++position, record);
      if (refused) {
        parser.destroy();
        return { ok: false, code: refused, row: position };
      }
    }
    await feeding;
  } catch (e) {
    if (isDecodeError(e)) return { ok: false, code: 'invalid_encoding' };
    // csv-parse counts records; the broken one is the next after those it read.
    const records = (e as { records?: unknown }).records;
    return { ok: false, code: 'invalid_csv', row: (typeof records === 'number' ? records : position) + 1 };
  }
  return { ok: true, format, rows: table.toArray() };
}
