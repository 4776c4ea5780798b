import { ImportFileProblem } from './problem';
import type { ReadSettings } from './settings';
import type { ImportCell } from './types';

const isBlank = (cell: ImportCell): boolean => cell === null || (typeof cell === 'string' && cell.trim() === '');

/**
 * The caps checked row by row, so the reading stops at the first row over them instead of at the
 * end of the file, and whether the file held any value at all.
 */
export class RowCaps {
  private dataRows = 0;
  private sawValue = false;

  constructor(
    private readonly settings: Pick<ReadSettings, 'maxColumns' | 'maxRows'>,
    /** How the reader names a column (1-based) in a problem: a letter for XLSX, the index for CSV. */
    private readonly columnName: (column: number) => string,
  ) {}

  /** The row's cells, cut at the column cap (all blank beyond it), or throws the cap it breaks. */
  check<T extends ImportCell>(row: number, cells: readonly T[]): readonly T[] {
    const { maxColumns, maxRows } = this.settings;
    // Blank rows are yielded too, so they are bounded as well: a file of blank lines cannot run on
    // for ever. Twice the data rows leaves room for any spacing a person would use.
    if (row > 2 * maxRows + 1) throw new ImportFileProblem('too_many_rows', row);
    let width = cells.length;
    while (width > 0 && isBlank(cells[width - 1]!)) width--;
    if (width > maxColumns) {
      let first = maxColumns;
      while (isBlank(cells[first]!)) first++;
      throw new ImportFileProblem('too_many_columns', row, this.columnName(first + 1));
    }
    if (width > 0) {
      this.sawValue = true;
      // Row 1 is the header; blank rows are not data.
      if (row > 1 && ++this.dataRows > maxRows) throw new ImportFileProblem('too_many_rows', row);
    }
    return cells.length > maxColumns ? cells.slice(0, maxColumns) : cells;
  }

  /** After the last row: a file without a single value is empty, whatever blank lines or cells it has. */
  finish(): void {
    if (!this.sawValue) throw new ImportFileProblem('empty_file');
  }
}
