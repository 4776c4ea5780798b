import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Cell } from '@ghg/domain/calculation/companyFactors/index';

export type TableFormat = 'csv-utf8' | 'csv-utf8-bom' | 'csv-shift_jis' | 'xlsx';

export type TableReadError = { code: 'unsupported_file_type' | 'invalid_encoding' | 'invalid_csv' | 'invalid_xlsx'; row?: number };

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle = (b: Buffer) => b.length >= 4 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/**
 * An uploaded file → rows of cells. CSV: UTF-8 with a BOM, UTF-8 without one, or Shift_JIS
 * (Windows-31J; what Excel in Japan saves as "CSV") — detected: BOM first, then strict UTF-8,
 * then strict Shift_JIS. .xlsx: the first worksheet, through exceljs. Row i of the result is
 * spreadsheet row i + 1, so error row numbers match what the user sees.
 */
export async function readFactorTable(fileName: string, bytes: Buffer): Promise<{ ok: true; format: TableFormat; rows: Cell[][] } | ({ ok: false } & TableReadError)> {
  const lower = fileName.toLowerCase();
  if (isOle(bytes) || lower.endsWith('.xls')) return { ok: false, code: 'unsupported_file_type' };
  if (isZip(bytes) || lower.endsWith('.xlsx')) return readXlsx(bytes);
  return readCsv(bytes);
}

function decode(bytes: Buffer): { format: TableFormat; text: string } | null {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    try {
      return { format: 'csv-utf8-bom', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3)) };
    } catch {
      return null;
    }
  }
  try {
    return { format: 'csv-utf8', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    /* not UTF-8: try Shift_JIS */
  }
  try {
    return { format: 'csv-shift_jis', text: new TextDecoder('shift_jis', { fatal: true }).decode(bytes) };
  } catch {
    return null;
  }
}

function readCsv(bytes: Buffer): { ok: true; format: TableFormat; rows: Cell[][] } | ({ ok: false } & TableReadError) {
  const decoded = decode(bytes);
  if (!decoded) return { ok: false, code: 'invalid_encoding' };
  try {
    const rows = parse(decoded.text, { relax_column_count: true, skip_empty_lines: false }) as string[][];
    return { ok: true, format: decoded.format, rows };
  } catch (e) {
    // csv-parse counts records; the broken one is the next after those it read.
    const records = (e as { records?: number }).records;
    return { ok: false, code: 'invalid_csv', ...(typeof records === 'number' ? { row: records + 1 } : {}) };
  }
}

function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellOf(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<{ ok: true; format: TableFormat; rows: Cell[][] } | ({ ok: false } & TableReadError)> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { ok: false, code: 'invalid_xlsx' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, code: 'invalid_xlsx' };
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellOf(cell.value);
    });
    rows[n - 1] = Array.from(cells, (c) => c ?? null);
  });
  return { ok: true, format: 'xlsx', rows: Array.from(rows, (r) => r ?? []) };
}
