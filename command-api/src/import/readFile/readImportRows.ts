import { csvRows } from './csvRows';
import { IMPORT_FILE_LIMITS, type ImportFileLimits } from './limits';
import { settingsOf, type ReadProgress } from './settings';
import type { ImportFileKind, ImportRows, ImportRowsOptions } from './types';
import { xlsxRows } from './xlsxRows';

/**
 * The rows of an uploaded import file on disk, one at a time: { row, cells }, row being the
 * spreadsheet's row number (header = 1). Blank CSV lines are yielded (cells all empty) so row
 * numbers stay true; an XLSX yields the rows its sheet stores. Nothing is read until the rows are
 * iterated; stopping early closes the file. Throws ImportFileProblem (with the row where known);
 * I/O errors and the signal's reason pass through unchanged. Memory stays bounded whatever the
 * file's size: see IMPORT_FILE_LIMITS. `limits` is for tests.
 */
export function readImportRows(path: string, kind: ImportFileKind, options: ImportRowsOptions = {}, limits: ImportFileLimits = IMPORT_FILE_LIMITS): ImportRows {
  const settings = settingsOf(options, limits);
  const progress: ReadProgress = { encoding: null, bytesRead: 0 };
  const rows = kind === 'csv' ? csvRows(path, settings, progress) : xlsxRows(path, settings, progress);
  return { rows, encoding: () => progress.encoding, bytesRead: () => progress.bytesRead };
}
