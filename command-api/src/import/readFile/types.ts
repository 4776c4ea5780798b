export type ImportFileKind = 'csv' | 'xlsx';

/** How the file was decoded: CSV encodings are detected, never asked of the user. */
export type ImportEncoding = 'utf-8' | 'utf-8-bom' | 'shift_jis' | 'xlsx';

/** A cell as read: always a string for CSV; for XLSX dates are JS Dates (UTC) and empty cells null. */
export type ImportCell = string | number | boolean | Date | null;

export interface ImportRow {
  /** 1-based, as a spreadsheet shows it (header = 1). */
  readonly row: number;
  readonly cells: readonly ImportCell[];
}

export interface ImportRowsOptions {
  /** Columns that may hold a value (default 200); a value further right is refused (`too_many_columns`). */
  maxColumns?: number;
  /** Non-blank rows after the header (default 2,000,000). */
  maxRows?: number;
  /** Stops the reading: the iteration then throws the signal's reason. */
  signal?: AbortSignal;
}

export interface ImportRows {
  /** The rows, one at a time; iterate once. */
  readonly rows: AsyncIterable<ImportRow>;
  /** Known once the first row has been yielded (null before). */
  encoding(): ImportEncoding | null;
  /**
   * Bytes of the file read so far by the pass that yields rows, for a progress bar against the
   * file's size: equal to it once the rows are done (an XLSX's compressed bytes, which only
   * approximate how far through its sheet the reading is).
   */
  bytesRead(): number;
}
