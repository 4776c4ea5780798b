const MiB = 1024 * 1024;

/**
 * What reading one import file may cost. Memory is bounded by these, never by the file's size:
 * the rows stream through, and the only things held whole are an XLSX's small parts (workbook,
 * relationships, styles) and its shared-string table, which cells refer to by index from anywhere
 * in the sheet, so it has to stay in memory: its cap is what bounds an XLSX's memory.
 */
export const IMPORT_FILE_LIMITS = {
  maxColumns: 200,
  maxRows: 2_000_000,
  /** Read size of the file; a CSV is decoded and parsed one such chunk at a time. */
  chunkBytes: 256 * 1024,
  /** Characters of one CSV record: an unclosed quote or a huge field stops here, not at the end of the file. */
  maxCsvRecordChars: 1 * MiB,
  /** Entries of an XLSX zip (a workbook has a few dozen) and the size of its central directory. */
  maxZipEntries: 10_000,
  maxZipDirectoryBytes: 4 * MiB,
  /** Workbook, relationships and styles, held in memory while reading. */
  maxSmallPartBytes: 32 * MiB,
  /** The shared-string table (as XML); held in memory as strings. */
  maxSharedStringsBytes: 64 * MiB,
  /** The sheet's XML: streamed, so this bounds the reading time, not memory (a zip bomb stops here). */
  maxSheetBytes: 2048 * MiB,
  /** An unfinished XML element held back between chunks while phonetic runs are removed. */
  maxHeldXmlChars: 1 * MiB,
} as const;

export type ImportFileLimits = Readonly<Record<keyof typeof IMPORT_FILE_LIMITS, number>>;
