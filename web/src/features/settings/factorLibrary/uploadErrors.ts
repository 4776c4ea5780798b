import { ApiError } from '../../../core/api/client';

export interface RowError {
  /** 1-based as a spreadsheet shows it (header = row 1). */
  row: number;
  field: string | null;
  code: string;
}

/** The row errors of a refused upload (`invalid_factor_table` / `invalid_file`), in file order. */
export function rowErrors(error: unknown): RowError[] {
  if (!(error instanceof ApiError)) return [];
  const errors = error.body.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((e): e is RowError => typeof e === 'object' && e !== null && typeof (e as RowError).row === 'number' && typeof (e as RowError).code === 'string')
    .map((e) => ({ row: e.row, field: e.field ?? null, code: e.code }))
    .sort((a, b) => a.row - b.row || String(a.field).localeCompare(String(b.field)));
}

/** A file's bytes as base64 (the upload call's JSON form), reporting read progress from 0 to 1. */
export function readAsBase64(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}
