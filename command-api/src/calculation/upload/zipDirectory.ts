import { UPLOAD_LIMITS, type UploadLimits } from './limits';

/** One file inside a zip, as its central directory describes it. */
export interface ZipEntry {
  readonly name: string;
  /** 0 stored, 8 deflated; nothing else occurs in .xlsx files. */
  readonly method: 0 | 8;
  readonly compressedSize: number;
  /** What the directory claims; inflating checks it, since a hostile file can claim anything. */
  readonly uncompressedSize: number;
  readonly localHeaderOffset: number;
}

export type ZipDirectoryResult =
  | { ok: true; entries: Map<string, ZipEntry> }
  | { ok: false; code: 'invalid_xlsx' | 'file_uncompressed_too_large' };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** Fixed part of the end record plus the longest comment it may carry. */
const END_SEARCH = 22 + 0xffff;
/** A ZIP64 marker: an .xlsx within the file cap never needs it, so such a file is refused. */
const ZIP64 = 0xffffffff;

function findEndOfDirectory(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - END_SEARCH); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

/**
 * The entries of a zip from its central directory, without inflating anything. Refuses a file
 * whose entries claim more than the upload caps (per entry or in total), encrypted entries,
 * methods other than stored/deflate, and anything malformed (offsets outside the file).
 */
export function readZipDirectory(zip: Buffer, limits: UploadLimits = UPLOAD_LIMITS): ZipDirectoryResult {
  const invalid = { ok: false, code: 'invalid_xlsx' } as const;
  const end = findEndOfDirectory(zip);
  if (end < 0) return invalid;
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (count > limits.maxZipEntries || offset === ZIP64 || offset + size > end) return invalid;

  const entries = new Map<string, ZipEntry>();
  let total = 0;
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) return invalid;
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const uncompressedSize = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeaderOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (at > end || (flags & 1) === 1 || (method !== 0 && method !== 8)) return invalid;
    if (compressedSize === ZIP64 || uncompressedSize === ZIP64 || localHeaderOffset === ZIP64) return invalid;
    if (localHeaderOffset + 30 + compressedSize > zip.length) return invalid;
    total += uncompressedSize;
    if (uncompressedSize > limits.maxEntryBytes || total > limits.maxUncompressedBytes) return { ok: false, code: 'file_uncompressed_too_large' };
    entries.set(name, { name, method, compressedSize, uncompressedSize, localHeaderOffset });
  }
  return { ok: true, entries };
}

/** The compressed bytes of an entry (after its local header, whose name and extra lengths may differ from the directory's). */
export function entryData(zip: Buffer, entry: ZipEntry): Buffer | null {
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER) return null;
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const stop = start + entry.compressedSize;
  return stop > zip.length ? null : zip.subarray(start, stop);
}
