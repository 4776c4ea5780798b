export { importFileKind } from './fileKind';
export { IMPORT_FILE_LIMITS } from './limits';
export { ImportFileProblem, type ImportFileProblemCode } from './problem';
export { readImportRows } from './readImportRows';
export type { ImportCell, ImportEncoding, ImportFileKind, ImportRow, ImportRows, ImportRowsOptions } from './types';
