import type { Cell } from '@ghg/domain';
import { UPLOAD_LIMITS, type UploadLimits } from './limits';

export type RowCapCode = 'too_many_rows' | 'too_many_columns';

const NO_CELLS: readonly Cell[] = Object.freeze([]);
export const isBlankCell = (c: Cell) => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

/**
 * The rows of an uploaded table, collected as the reader produces them, with the caps checked
 * row by row so a reader can stop at the first row over them instead of reading the whole file:
 * non-blank data rows (header excluded, the same count validateFactorTable makes), spreadsheet
 * rows including blank ones, and columns holding a value.
 */
export class TableRows {
  private readonly rows: (readonly Cell[])[] = [];
  private dataRows = 0;
  private added = 0;

  constructor(private readonly limits: UploadLimits = UPLOAD_LIMITS) {}

  /** Adds row `position` (1-based, as the spreadsheet shows it); a code when it breaks a cap. */
  add(position: number, cells: readonly Cell[]): RowCapCode | null {
    if (++this.added > this.limits.maxSheetRows || position > this.limits.maxSheetRows) return 'too_many_rows';
    let last = cells.length;
    while (last > 0 && isBlankCell(cells[last - 1])) last--;
    if (last > this.limits.maxColumns) return 'too_many_columns';
    if (position > 1 && last > 0 && ++this.dataRows > this.limits.maxDataRows) return 'too_many_rows';
    this.rows[position - 1] = last === 0 ? NO_CELLS : cells.slice(0, last);
    return null;
  }

  /** Row i is spreadsheet row i + 1; rows the file skipped are empty. */
  toArray(): (readonly Cell[])[] {
    return Array.from(this.rows, (r) => r ?? NO_CELLS);
  }
}
