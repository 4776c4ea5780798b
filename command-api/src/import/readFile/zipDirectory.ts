import type { FileHandle } from 'node:fs/promises';
import type { ImportFileLimits } from './limits';
import { ImportFileProblem } from './problem';

/** One file inside a zip, as its central directory describes it. */
export interface ZipEntry {
  readonly name: string;
  /** 0 stored, 8 deflated; nothing else occurs in .xlsx files. */
  readonly method: 0 | 8;
  readonly compressedSize: number;
  /** What the directory claims; the inflation checks it, since a hostile file can claim anything. */
  readonly uncompressedSize: number;
  readonly localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** Fixed part of the end record plus the longest comment it may carry. */
const END_SEARCH = 22 + 0xffff;
/** A ZIP64 marker: an .xlsx within any sensible upload cap never needs it, so such a file is refused. */
const ZIP64 = 0xffffffff;

const invalid = () => new ImportFileProblem('invalid_xlsx');

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const bytes = Buffer.alloc(length);
  const { bytesRead } = await file.read(bytes, 0, length, position);
  if (bytesRead !== length) throw invalid();
  return bytes;
}

/**
 * The entries of a zip on disk, from its central directory (read by position, not the whole
 * file), keyed by lower-cased name (OPC part names are case-insensitive). Refuses anything
 * malformed, encrypted, ZIP64, or with methods other than stored/deflate.
 */
export async function readZipDirectory(file: FileHandle, size: number, limits: ImportFileLimits): Promise<Map<string, ZipEntry>> {
  const tailStart = Math.max(0, size - END_SEARCH);
  const tail = await readAt(file, tailStart, size - tailStart);
  let end = -1;
  for (let at = tail.length - 22; at >= 0 && end < 0; at--) if (tail.readUInt32LE(at) === END_OF_DIRECTORY) end = at;
  if (end < 0) throw invalid();
  const count = tail.readUInt16LE(end + 10);
  const length = tail.readUInt32LE(end + 12);
  const offset = tail.readUInt32LE(end + 16);
  if (count > limits.maxZipEntries || length > limits.maxZipDirectoryBytes || offset === ZIP64 || offset + length > tailStart + end) throw invalid();

  const directory = await readAt(file, offset, length);
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw invalid();
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    const compressedSize = directory.readUInt32LE(at + 20);
    const uncompressedSize = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const skip = nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    const localHeaderOffset = directory.readUInt32LE(at + 42);
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + skip;
    if (at > directory.length || (flags & 1) === 1 || (method !== 0 && method !== 8)) throw invalid();
    if (compressedSize === ZIP64 || uncompressedSize === ZIP64 || localHeaderOffset === ZIP64) throw invalid();
    if (localHeaderOffset + 30 + compressedSize > offset) throw invalid();
    entries.set(name.toLowerCase(), { name, method, compressedSize, uncompressedSize, localHeaderOffset });
  }
  return entries;
}

/** Where an entry's compressed bytes start: after its local header, whose name and extra lengths may differ from the directory's. */
export async function entryDataStart(file: FileHandle, entry: ZipEntry, size: number): Promise<number> {
  const header = await readAt(file, entry.localHeaderOffset, 30);
  if (header.readUInt32LE(0) !== LOCAL_HEADER) throw invalid();
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > size) throw invalid();
  return start;
}
