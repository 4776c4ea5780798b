/** The part of zip-stream (installed with exceljs, through archiver) the audit pack uses; the package ships no types. */
declare module 'zip-stream' {
  import type { Readable } from 'node:stream';

  interface ZipEntryData {
    name: string;
    date?: Date | string;
    /** Stored without compression. */
    store?: boolean;
    mode?: number;
    comment?: string;
  }

  /** A ZIP written as its entries are added, one at a time: read it (or pipe it) as it comes. */
  class ZipStream extends Readable {
    constructor(options?: { zlib?: { level?: number }; forceZip64?: boolean; comment?: string });
    /** Adds one entry; the next may be added once `callback` is called. */
    entry(source: Buffer | string | Readable, data: ZipEntryData, callback: (error: Error | null) => void): void;
    /** Writes the central directory and ends the stream. */
    finalize(): void;
  }

  export default ZipStream;
}
