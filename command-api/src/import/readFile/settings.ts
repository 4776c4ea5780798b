import { IMPORT_FILE_LIMITS, type ImportFileLimits } from './limits';
import type { ImportEncoding, ImportRowsOptions } from './types';

/** The options with their defaults, and the caps the readers work within. */
export interface ReadSettings {
  readonly maxColumns: number;
  readonly maxRows: number;
  readonly signal: AbortSignal | undefined;
  readonly limits: ImportFileLimits;
}

/** What the caller can observe while the rows are read. */
export interface ReadProgress {
  encoding: ImportEncoding | null;
  bytesRead: number;
}

const positive = (value: number, name: string): number => {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
};

export function settingsOf(options: ImportRowsOptions, limits: ImportFileLimits = IMPORT_FILE_LIMITS): ReadSettings {
  return {
    maxColumns: positive(options.maxColumns ?? limits.maxColumns, 'maxColumns'),
    maxRows: positive(options.maxRows ?? limits.maxRows, 'maxRows'),
    signal: options.signal,
    limits,
  };
}

/** Errors that are not the file's fault pass through the readers unchanged: the caller's abort and I/O failures. */
export function isOutsideTheFile(error: unknown, settings: ReadSettings): boolean {
  if (settings.signal?.aborted && error === settings.signal.reason) return true;
  return typeof error === 'object' && error !== null && 'syscall' in error;
}
