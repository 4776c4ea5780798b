import { open } from 'node:fs/promises';
import { ImportFileProblem } from './problem';
import type { ReadSettings } from './settings';
import { isUtf8File } from './utf8Check';

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'shift_jis';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The encoding of a CSV, never asked of the user: UTF-8 with a BOM; else UTF-8 if the whole file
 * is valid UTF-8; else Shift_JIS (Windows-31J, what Excel in Japan saves as "CSV"). The whole file
 * is checked before any row is parsed, because an invalid byte near the end would otherwise
 * switch encodings after rows were already yielded. `start` skips the BOM.
 */
export async function csvEncodingOf(path: string, settings: ReadSettings): Promise<{ encoding: CsvEncoding; start: number; size: number }> {
  const file = await open(path);
  let size: number;
  let head: Buffer;
  try {
    size = (await file.stat()).size;
    head = Buffer.alloc(Math.min(size, BOM.length));
    await file.read(head, 0, head.length, 0);
  } finally {
    await file.close();
  }
  if (size === 0) throw new ImportFileProblem('empty_file');
  if (head.equals(BOM)) {
    if (size === BOM.length) throw new ImportFileProblem('empty_file');
    // The BOM says UTF-8: an invalid byte is then the file's fault, reported with its row while parsing.
    return { encoding: 'utf-8-bom', start: BOM.length, size };
  }
  const utf8 = await isUtf8File(path, 0, settings.limits.chunkBytes, settings.signal);
  return { encoding: utf8 ? 'utf-8' : 'shift_jis', start: 0, size };
}
