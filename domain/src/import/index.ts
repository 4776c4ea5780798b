/**
 * Importing linked transaction data from source systems: pure parts only (no files, no I/O).
 * A file's bytes → text (decodeImportText), its header row → a ColumnMap (columnMapOf), each data
 * row → a LinkedRecord or its errors (recordOf), a record → its classification rule (classify,
 * ruleMatcher). docs/import-formats.md describes the formats for users.
 */
export * from './sourceFormats';
export * from './values';
export * from './linkedRecord';
export * from './classify';
export * from './encoding';
