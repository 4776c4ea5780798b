import type ExcelJS from 'exceljs';
import { ImportFileProblem } from './problem';
import type { ImportCell } from './types';

/** 1 → 'A', 27 → 'AA': how a spreadsheet names the column. */
export function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * A cell as ExcelJS's streaming reader gives it → what the import sees. Formulas are refused,
 * shared ones included (the reader gives those `{ formula: '' }`): the user must paste values, so
 * the figure they see is the figure imported, not a cached result we cannot recompute.
 */
export function importCellOf(value: ExcelJS.CellValue, row: number, column: number): ImportCell {
  const problem = (code: 'formula_cell' | 'invalid_xlsx') => new ImportFileProblem(code, row, columnLetter(column));
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    // An empty or garbled <v> parses to NaN.
    if (!Number.isFinite(value)) throw problem('invalid_xlsx');
    return value;
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw problem('invalid_xlsx');
    return value;
  }
  if ('formula' in value || 'sharedFormula' in value) throw problem('formula_cell');
  // '#N/A', '#DIV/0!'…: not a value anyone means to import.
  if ('error' in value) throw problem('invalid_xlsx');
  if ('richText' in value) return value.richText.map((run) => run.text ?? '').join('');
  // A hyperlink cell: its text (the reader gives plain text with hyperlinks 'ignore'; kept for safety).
  if ('text' in value) return String(value.text);
  // A shared-string index without a shared-string table, or anything else unexpected.
  throw problem('invalid_xlsx');
}
