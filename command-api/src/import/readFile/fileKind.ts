import type { ImportFileKind } from './types';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The file's kind from its name (.csv/.txt → csv, .xlsx → xlsx) and its first bytes: a file that
 * starts like a zip (PK\x03\x04) is read as an XLSX whatever its name, since no CSV starts with
 * those control bytes and it is most likely an .xlsx renamed; the XLSX reader then says whether it
 * really is one. Null when neither tells (e.g. `.xls`, `.pdf`, or no extension and not a zip).
 */
export function importFileKind(fileName: string, firstBytes: Buffer): ImportFileKind | null {
  if (firstBytes.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return 'xlsx';
  const extension = /\.([^./\\]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension === 'csv' || extension === 'txt') return 'csv';
  if (extension === 'xlsx') return 'xlsx';
  return null;
}
