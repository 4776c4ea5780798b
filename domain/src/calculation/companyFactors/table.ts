import { type CompanyFactorEntry, LIMITS } from '@ghg/events';
import { FACTOR_TABLE_COLUMNS, REQUIRED_FACTOR_COLUMNS, toFactorRow, validateFactorRow, type Cell, type FactorRow, type FactorRowErrorCode, type FactorTableColumn } from './entry';

/**
 * An uploaded factor table: header row first, then one factor per row. All or nothing: every
 * row is checked and every problem reported with its spreadsheet row number (header = row 1).
 */

export type FactorTableErrorCode = FactorRowErrorCode | 'missing_column' | 'unknown_column' | 'duplicate_column' | 'duplicate_key' | 'empty_table' | 'too_many_rows';

export interface FactorTableError {
  /** 1-based, as a spreadsheet shows it; the header is row 1. */
  readonly row: number;
  /** Column name; null for problems of the whole table. */
  readonly field: FactorTableColumn | string | null;
  readonly code: FactorTableErrorCode;
}

export const MAX_FACTOR_ROWS = LIMITS.maxTableRows;

const headerName = (cell: Cell): string => String(cell ?? '').normalize('NFKC').trim().replace(/^\uFEFF/, '');
const COLUMN_BY_LOWER = new Map(FACTOR_TABLE_COLUMNS.map((c) => [c.toLowerCase(), c]));

const isBlank = (row: readonly Cell[]) => row.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));

export function validateFactorTable(
  rows: readonly (readonly Cell[])[],
): { ok: true; entries: CompanyFactorEntry[] } | { ok: false; errors: FactorTableError[] } {
  const errors: FactorTableError[] = [];
  const header = rows[0] ?? [];
  const columns: (FactorTableColumn | null)[] = [];
  header.forEach((cell) => {
    const name = headerName(cell);
    const column = COLUMN_BY_LOWER.get(name.toLowerCase()) ?? null;
    if (name === '') columns.push(null);
    else if (!column) {
      errors.push({ row: 1, field: name, code: 'unknown_column' });
      columns.push(null);
    } else if (columns.includes(column)) {
      errors.push({ row: 1, field: column, code: 'duplicate_column' });
      columns.push(null);
    } else columns.push(column);
  });
  for (const c of REQUIRED_FACTOR_COLUMNS) if (!columns.includes(c)) errors.push({ row: 1, field: c, code: 'missing_column' });
  if (!columns.some((c) => c === 'label_ja' || c === 'label_en' || c === 'label_zhHans')) errors.push({ row: 1, field: 'label_ja', code: 'missing_column' });
  if (errors.length > 0) return { ok: false, errors };

  const entries: CompanyFactorEntry[] = [];
  const seen = new Map<string, number>();
  let dataRows = 0;
  for (let i = 1; i < rows.length; i++) {
    const cells = rows[i]!;
    if (isBlank(cells)) continue;
    if (++dataRows > MAX_FACTOR_ROWS) return { ok: false, errors: [{ row: i + 1, field: null, code: 'too_many_rows' }] };
    const row: FactorRow = {};
    columns.forEach((c, j) => {
      if (c) row[c] = cells[j];
    });
    const r = validateFactorRow(row);
    if (!r.ok) {
      for (const e of r.errors) errors.push({ row: i + 1, field: e.field, code: e.code });
      continue;
    }
    if (seen.has(r.entry.key)) {
      errors.push({ row: i + 1, field: 'key', code: 'duplicate_key' });
      continue;
    }
    seen.set(r.entry.key, i + 1);
    entries.push(r.entry);
  }
  if (errors.length > 0) return { ok: false, errors };
  if (entries.length === 0) return { ok: false, errors: [{ row: 2, field: null, code: 'empty_table' }] };
  return { ok: true, entries };
}

const quote = (v: string) => (/[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replaceAll('"', '""')}"` : v);

/**
 * The table as CSV: UTF-8 with a byte-order mark (so Excel in Japan opens it as UTF-8), CRLF line
 * ends, the template's columns. Uploading the file unchanged publishes the same entries.
 */
export function factorTableCsv(entries: readonly CompanyFactorEntry[]): string {
  const lines = [FACTOR_TABLE_COLUMNS.join(',')];
  for (const e of entries) {
    const row = toFactorRow(e);
    lines.push(FACTOR_TABLE_COLUMNS.map((c) => quote(row[c])).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
