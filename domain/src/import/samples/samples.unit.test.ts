import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../calculation/companyFactors/entry';
import { decodeImportText } from '../encoding';
import { columnMapOf, recordOf, type ImportRowError, type LinkedRecord } from '../linkedRecord';
import { IMPORT_SOURCE_TYPES, type ImportSourceType } from '../sourceFormats';
import { BAD_ROWS, SAMPLE_TABLES, sampleCsv } from './sampleData';
import { encodeShiftJis } from './shiftJis';

const SAMPLES = new URL('../../../../docs/samples/', import.meta.url);
const bytes = (name: string) => new Uint8Array(readFileSync(new URL(name, SAMPLES)));

/** The samples have no quoted values, so a CSV line is its cells split at commas. */
const csvRows = (text: string): string[][] =>
  text
    .split(/\r?\n/)
    .filter((line, i, all) => line !== '' || i < all.length - 1)
    .map((line) => line.split(','));

/** Every row of a table through columnMapOf and recordOf. */
function importTable(type: ImportSourceType, rows: readonly (readonly Cell[])[]): { records: LinkedRecord[]; errors: ImportRowError[] } {
  const header = columnMapOf(type, rows[0] ?? []);
  if (!header.ok) throw new Error(`${type}: ${JSON.stringify(header.problems)}`);
  const records: LinkedRecord[] = [];
  const errors: ImportRowError[] = [];
  rows.slice(1).forEach((cells, i) => {
    const r = recordOf(header.map, i + 2, cells);
    if (!r.ok) errors.push(...r.errors);
    else if (r.record) records.push(r.record);
  });
  return { records, errors };
}

describe('sample files in docs/samples', () => {
  it.each(IMPORT_SOURCE_TYPES)('%s.csv: UTF-8 with a byte-order mark, every row accepted, in fiscal year 2025', (type) => {
    const { encoding, text } = decodeImportText(bytes(`${type}.csv`));
    expect(encoding).toBe('utf-8-bom');
    const { records, errors } = importTable(type, csvRows(text));
    expect(errors).toEqual([]);
    expect(records).toHaveLength(SAMPLE_TABLES[type].rows.length);
    expect(records.length).toBeGreaterThanOrEqual(12);
    for (const r of records) {
      expect(r.transactionDate >= '2025-04-01' && r.transactionDate <= '2026-03-31', r.transactionDate).toBe(true);
      expect(['総務部', '第一工場']).toContain(r.text.department);
    }
    expect(new Set(records.map((r) => r.sourceKey)).size).toBe(records.length);
  });

  it.each(IMPORT_SOURCE_TYPES)('%s.xlsx: the same records as the CSV file', async (type) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(new URL(`${type}.xlsx`, SAMPLES)) as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(1);
    const rows: Cell[][] = [];
    workbook.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => {
      const values = row.values as Cell[]; // 1-based: index 0 is empty
      rows.push(values.slice(1).map((v) => (v === undefined ? null : v)));
    });
    const fromCsv = importTable(type, csvRows(decodeImportText(bytes(`${type}.csv`)).text)).records;
    const fromXlsx = importTable(type, rows);
    expect(fromXlsx.errors).toEqual([]);
    expect(fromXlsx.records).toEqual(fromCsv);
  });

  it('writes the three date forms 2025/4/1, 2025-04-01 and 令和7年4月1日', () => {
    const dates = IMPORT_SOURCE_TYPES.flatMap((t) => SAMPLE_TABLES[t].rows.map((r) => String(r[0])));
    expect(dates.some((d) => /^\d{4}\/\d{1,2}\/\d{1,2}$/.test(d))).toBe(true);
    expect(dates.some((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect(dates.some((d) => /^令和\d+年\d+月\d+日$/.test(d))).toBe(true);
  });

  it('has amounts in US dollars among the export/import rows', () => {
    const { records } = importTable('exportImport', csvRows(decodeImportText(bytes('exportImport.csv')).text));
    expect(records.filter((r) => r.currency === 'USD').length).toBeGreaterThanOrEqual(2);
    expect(records.filter((r) => r.currency === 'JPY').length).toBeGreaterThan(0);
  });

  it('standard-shift_jis.csv and standard-utf8.csv: detected as such, the same records as standard.csv', () => {
    const standard = importTable('standard', csvRows(decodeImportText(bytes('standard.csv')).text)).records;
    for (const [name, encoding] of [
      ['standard-shift_jis.csv', 'shift_jis'],
      ['standard-utf8.csv', 'utf-8'],
      ['standard-fixed.csv', 'utf-8-bom'],
    ] as const) {
      const decoded = decodeImportText(bytes(name));
      expect(decoded.encoding, name).toBe(encoding);
      expect(decoded.text, name).toBe(sampleCsv(SAMPLE_TABLES.standard));
      expect(importTable('standard', csvRows(decoded.text)).records, name).toEqual(standard);
    }
  });

  it('standard-bad-rows.csv: exactly the three errors on rows 4, 7 and 10', () => {
    const { records, errors } = importTable('standard', csvRows(decodeImportText(bytes('standard-bad-rows.csv')).text));
    expect(errors).toEqual([
      { row: 4, field: 'transactionDate', code: 'invalid_date', value: '2025/4/31' },
      { row: 7, field: 'amount', code: 'invalid_number', value: '24万' },
      { row: 10, field: 'amount', code: 'negative_amount', value: '-126000' },
    ]);
    expect(errors.map(({ row, field, code }) => ({ row, error: { field, code } }))).toEqual(BAD_ROWS.map(({ row, error }) => ({ row, error })));
    expect(records).toHaveLength(SAMPLE_TABLES.standard.rows.length - 3);
  });
});

describe('encodeShiftJis', () => {
  it('encodes ASCII, kana, kanji and half-width katakana as CP932 does, and decodes back', () => {
    const text = 'A,1\r\n株式会社山田商事 ｱｲｳ ー～\\';
    const encoded = encodeShiftJis(text);
    expect([...encoded.slice(0, 5)]).toEqual([0x41, 0x2c, 0x31, 0x0d, 0x0a]);
    expect([...encodeShiftJis('あ')]).toEqual([0x82, 0xa0]);
    expect([...encodeShiftJis('ｱ')]).toEqual([0xb1]);
    expect(new TextDecoder('shift_jis').decode(encoded)).toBe(text);
  });

  it('refuses a character Shift_JIS cannot hold', () => {
    expect(() => encodeShiftJis('𠮷')).toThrow(/Shift_JIS cannot encode/);
  });
});
