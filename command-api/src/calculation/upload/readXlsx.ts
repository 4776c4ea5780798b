import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Cell } from '@ghg/domain';
import { UPLOAD_LIMITS, type UploadLimits } from './limits';
import { isBlankCell, TableRows, type RowCapCode } from './tableRows';
import { readZipDirectory, type ZipEntry } from './zipDirectory';
import { InflateBudget, inflateEntry, inflateEntryStream, UncompressedTooLarge } from './zipInflate';

export type XlsxReadResult =
  | { ok: true; rows: (readonly Cell[])[] }
  | { ok: false; code: 'invalid_xlsx' | 'file_uncompressed_too_large' }
  | { ok: false; code: RowCapCode; row: number };

interface Relationship {
  Id: string;
  Type: string;
  Target: string;
}

/**
 * The parts of exceljs 4.4.0's streaming WorkbookReader used here. Its public entry point inflates
 * the zip itself (by local headers, ignoring the central directory we checked) and spools a sheet
 * that precedes the shared strings to a temporary file; feeding its per-part parsers with our own
 * counted inflation keeps every byte it parses under the caps. Pinned version: see package.json.
 */
interface WorkbookReaderParts {
  workbookRels?: Relationship[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(chunks: AsyncIterable<Buffer>, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

const partPath = (target: string) => `xl/${target.replace(/^(\s|\/xl\/)+/, '')}`;
const relOfType = (rels: Relationship[], type: string) => rels.find((r) => r.Type.endsWith(`/${type}`));

export function cellOf(value: ExcelJS.CellValue): Cell {
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

/**
 * The first worksheet of an .xlsx, row by row: the central directory is checked against the caps
 * before anything is inflated, every inflated byte is counted, and the row caps stop the reading
 * at the first row over them. Only the parts a table needs are inflated (workbook, its
 * relationships, styles for dates, shared strings, the first sheet).
 */
export async function readXlsx(zip: Buffer, limits: UploadLimits = UPLOAD_LIMITS): Promise<XlsxReadResult> {
  try {
    return await readFirstSheet(zip, limits);
  } catch (e) {
    // exceljs throws plain errors for malformed XML or addresses; the caps throw their own.
    return { ok: false, code: e instanceof UncompressedTooLarge ? e.code : 'invalid_xlsx' };
  }
}

async function readFirstSheet(zip: Buffer, limits: UploadLimits): Promise<XlsxReadResult> {
  const directory = readZipDirectory(zip, limits);
  if (!directory.ok) return directory;
  const budget = new InflateBudget(limits.maxUncompressedBytes);
  const part = (path: string): ZipEntry | undefined => directory.entries.get(path);
  const stream = (entry: ZipEntry) => inflateEntryStream(zip, entry, budget, limits);

  // No input of its own (the file name '' is never opened): only its part parsers run, on the entries inflated here.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader('', { styles: 'cache', sharedStrings: 'cache', hyperlinks: 'ignore', worksheets: 'emit' }) as unknown as WorkbookReaderParts;
  const workbook = part('xl/workbook.xml');
  const workbookRels = part('xl/_rels/workbook.xml.rels');
  if (!workbook || !workbookRels) return { ok: false, code: 'invalid_xlsx' };
  await reader._parseRels(stream(workbookRels));
  await reader._parseWorkbook(stream(workbook));
  const rels = reader.workbookRels ?? [];
  const styles = part(partPath(relOfType(rels, 'styles')?.Target ?? 'styles.xml'));
  if (styles) await reader._parseStyles(stream(styles));
  const sharedStrings = part(partPath(relOfType(rels, 'sharedStrings')?.Target ?? 'sharedStrings.xml'));
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(stream(sharedStrings)));

  const sheetPaths = (reader.model?.sheets ?? []).map((s) => rels.find((r) => r.Id === s.rId)).filter((r) => r !== undefined).map((r) => partPath(r.Target));
  const sheet = sheetPaths.map(part).find((e) => e !== undefined && e.name.startsWith('xl/worksheets/'));
  if (!sheet) return { ok: false, code: 'invalid_xlsx' };

  const table = new TableRows(limits);
  for (const { value: rowsOfSheet } of reader._parseWorksheet(inflateEntry(zip, sheet, budget, limits), '1')) {
    for await (const row of rowsOfSheet) {
      if (!Number.isSafeInteger(row.number) || row.number < 1) return { ok: false, code: 'invalid_xlsx' };
      const cells: Cell[] = [];
      let beyondCap = false;
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        const value = cellOf(cell.value);
        // Not stored: a column far to the right would make a huge array.
        if (col > limits.maxColumns) beyondCap ||= !isBlankCell(value);
        else cells[col - 1] = value;
      });
      if (beyondCap) return { ok: false, code: 'too_many_columns', row: row.number };
      const refused = table.add(row.number, Array.from(cells, (c) => c ?? null));
      if (refused) return { ok: false, code: refused, row: row.number };
    }
  }
  return { ok: true, rows: table.toArray() };
}
