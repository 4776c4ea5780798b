import type { Cell } from '@ghg/domain';
import { UPLOAD_LIMITS, type UploadLimits } from './upload/limits';
import { readCsv, type CsvFormat } from './upload/readCsv';
import { readXlsx } from './upload/readXlsx';
import type { RowCapCode } from './upload/tableRows';

export type TableFormat = CsvFormat | 'xlsx';

export type TableReadError =
  | { code: 'unsupported_file_type' | 'invalid_encoding' | 'invalid_csv' | 'invalid_xlsx' | RowCapCode; row?: number }
  | { code: 'file_uncompressed_too_large'; row?: undefined };

export type TableReadResult = { ok: true; format: TableFormat; rows: (readonly Cell[])[] } | ({ ok: false } & TableReadError);

export const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle = (b: Buffer) => b.length >= 4 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/**
 * An uploaded file → rows of cells. CSV: UTF-8 with a BOM, UTF-8 without one, or Shift_JIS
 * (readCsv). .xlsx: the first worksheet (readXlsx). Both stop at the upload caps (upload/limits.ts)
 * while reading. Row i of the result is spreadsheet row i + 1, so error row numbers match what the
 * user sees. Runs inside the upload worker (upload/checkUploadedTable.ts), never on the event loop.
 */
export async function readFactorTable(fileName: string, bytes: Buffer, limits: UploadLimits = UPLOAD_LIMITS): Promise<TableReadResult> {
  const lower = fileName.toLowerCase();
  if (isOle(bytes) || lower.endsWith('.xls')) return { ok: false, code: 'unsupported_file_type' };
  if (isZip(bytes) || lower.endsWith('.xlsx')) {
    const sheet = await readXlsx(bytes, limits);
    return sheet.ok ? { ok: true, format: 'xlsx', rows: sheet.rows } : sheet;
  }
  return readCsv(bytes, limits);
}
