/** Why an import file cannot be read; the route turns the code into a message the user can act on. */
export type ImportFileProblemCode =
  | 'empty_file'
  | 'invalid_encoding'
  | 'invalid_csv'
  | 'several_sheets'
  | 'formula_cell'
  | 'invalid_xlsx'
  | 'too_many_columns'
  | 'too_many_rows'
  | 'file_too_large';

/**
 * A problem with the file's content (never with the server): thrown while its rows are read.
 * `row` is the row as a spreadsheet shows it (header = 1); `column` is a letter for XLSX ('C') and
 * the 1-based index as text for CSV ('3'). Both are null when the reader cannot tell.
 */
export class ImportFileProblem extends Error {
  constructor(
    readonly code: ImportFileProblemCode,
    readonly row: number | null = null,
    readonly column: string | null = null,
  ) {
    super(`${code}${row === null ? '' : ` at row ${row}`}${column === null ? '' : `, column ${column}`}`);
    this.name = 'ImportFileProblem';
  }
}
