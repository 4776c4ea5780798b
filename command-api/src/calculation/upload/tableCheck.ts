import type { CompanyFactorEntry } from '@ghg/events';
import { validateFactorTable, type FactorTableError } from '@ghg/domain';
import { readFactorTable, type TableFormat } from '../factorTable';
import type { UploadLimits, UploadRefusalCode } from './limits';

/** What the upload worker is given. */
export interface TableJob {
  fileName: string;
  bytes: Uint8Array;
  limits: UploadLimits;
}

/** A whole-file problem the upload dialog lists like a row error (row 1, no column). */
export interface FileError {
  row: number;
  field: null;
  code: string;
}

/**
 * The outcome of reading and checking one uploaded table: its entries, or why not — a refusal
 * of the file as too costly ('refused'), an unreadable file ('file'), or bad rows ('table').
 */
export type TableCheck =
  | { ok: true; format: TableFormat; entries: CompanyFactorEntry[] }
  | { ok: false; kind: 'refused'; code: UploadRefusalCode }
  | { ok: false; kind: 'file'; error: FileError }
  | { ok: false; kind: 'table'; errors: readonly (FactorTableError | { row: number; field: null; code: string })[] };

/** Reads one file under the caps and checks its rows (in the upload worker, or inline for a small CSV). */
export async function checkTable({ fileName, bytes, limits }: TableJob): Promise<TableCheck> {
  const table = await readFactorTable(fileName, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits);
  if (!table.ok) {
    if (table.code === 'file_uncompressed_too_large') return { ok: false, kind: 'refused', code: table.code };
    if (table.code === 'too_many_rows' || table.code === 'too_many_columns') return { ok: false, kind: 'table', errors: [{ row: table.row ?? 1, field: null, code: table.code }] };
    return { ok: false, kind: 'file', error: { row: table.row ?? 1, field: null, code: table.code } };
  }
  const checked = validateFactorTable(table.rows);
  return checked.ok ? { ok: true, format: table.format, entries: checked.entries } : { ok: false, kind: 'table', errors: checked.errors };
}
