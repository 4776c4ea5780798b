// The narrow path: the reading worker loads this file and should not load the event-store adapters.
import { LIMITS } from '@ghg/events';

const MiB = 1024 * 1024;

/**
 * What one factor-table upload may cost the server. The file is checked against these before and
 * while it is read, and the reading runs in a worker thread with its own heap cap and deadline, so
 * no upload can stall other requests or grow the process beyond a known bound (docs/operations.md).
 */
export const UPLOAD_LIMITS = {
  /** The file itself (decoded from base64). A 50,000-row table is about 5–8 MiB as CSV. */
  maxFileBytes: 10 * MiB,
  /** Sum of the uncompressed sizes of all entries of an .xlsx (its zip central directory, then counted while inflating). */
  maxUncompressedBytes: 100 * MiB,
  /** Largest single .xlsx entry once inflated (the sheet XML of 50,000 rows is about 30 MiB). */
  maxEntryBytes: 64 * MiB,
  /** Entries in an .xlsx zip (a workbook has a few dozen). */
  maxZipEntries: 10_000,
  /** Data rows: the same bound the UploadCompanyFactorTable event contract has. */
  maxDataRows: LIMITS.maxTableRows,
  /** Spreadsheet rows including blank ones, so a file of blank lines cannot fill memory either. */
  maxSheetRows: 2 * LIMITS.maxTableRows + 1,
  /** Columns holding a value (the template has 12). */
  maxColumns: 64,
  /**
   * A CSV up to this size is read on the event loop: its cost is bounded by its size (a few
   * milliseconds), less than starting a worker. Never an .xlsx: a small zip can inflate a lot.
   */
  maxInlineCsvBytes: 256 * 1024,
  /** Heap of the worker reading one file; exceeding it ends the worker, not the server. */
  workerHeapMb: 256,
  /** Wall time one file may take to read and check. */
  workerTimeoutMs: 30_000,
  /** Files read at once (each in its own worker); more wait in a queue of `maxQueuedUploads`. */
  maxParallelUploads: 1,
  maxQueuedUploads: 4,
} as const;

/** The JSON body of the largest file allowed: base64 (4 characters per 3 bytes) plus the other fields. */
export const UPLOAD_BODY_LIMIT = Math.ceil(UPLOAD_LIMITS.maxFileBytes / 3) * 4 + 64 * 1024;

/** The same caps as plain numbers, so tests can read a file under smaller ones. */
export type UploadLimits = Readonly<Record<keyof typeof UPLOAD_LIMITS, number>>;

/** Why an upload is refused before its rows are checked (statuses: the upload route's contract). */
export type { UploadRefusalCode } from '@ghg/api';
