import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from './limits';
import { readXlsx } from './readXlsx';
import { factorRows, rowXml, sheetPart, textPart, whitespaceSheetPart, xlsxWithSheet, zipOf } from './testing/hostileFiles';

const MiB = 1024 * 1024;
const small = { ...UPLOAD_LIMITS, maxDataRows: 5, maxSheetRows: 11, maxColumns: 3 };

describe('readXlsx', () => {
  it('reads the first sheet of a workbook saved by exceljs: strings, numbers, dates, formulas, gaps', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('factors');
    wb.addWorksheet('notes').addRow(['only the first sheet is read']);
    ws.addRow(['key', 'value', 'valid_from']);
    ws.addRow(['road.van', 0.25, new Date(Date.UTC(2025, 3, 1))]);
    ws.getCell('A4').value = { formula: '"x"&"y"', result: 'xy' };
    ws.getCell('B4').value = { richText: [{ text: 'ri' }, { text: 'ch' }] };
    const result = await readXlsx(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(result).toEqual({ ok: true, rows: [['key', 'value', 'valid_from'], ['road.van', 0.25, new Date(Date.UTC(2025, 3, 1))], [], ['xy', 'rich']] });
  });

  it('refuses a zip bomb from its central directory, before inflating anything', async () => {
    const bomb = await xlsxWithSheet(await whitespaceSheetPart(200));
    expect(bomb.length).toBeLessThan(MiB);
    const started = performance.now();
    expect(await readXlsx(bomb)).toEqual({ ok: false, code: 'file_uncompressed_too_large' });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses an entry over the per-entry cap even when the total is within its cap', async () => {
    const file = await xlsxWithSheet(await whitespaceSheetPart(2));
    expect((await readXlsx(file, { ...UPLOAD_LIMITS, maxEntryBytes: MiB })).ok).toBe(false);
    expect((await readXlsx(file, UPLOAD_LIMITS)).ok).toBe(true);
  });

  it('counts while inflating: a directory that understates sizes is stopped at the size it claims', async () => {
    const lying = await xlsxWithSheet(await whitespaceSheetPart(200, 1000));
    const started = performance.now();
    expect(await readXlsx(lying)).toEqual({ ok: false, code: 'file_uncompressed_too_large' });
    expect(performance.now() - started).toBeLessThan(1_000);
    // And when every claim is within the caps but the total inflated is not.
    const claimsAreSmall = await xlsxWithSheet(await whitespaceSheetPart(3, 10));
    expect(await readXlsx(claimsAreSmall, { ...UPLOAD_LIMITS, maxUncompressedBytes: 2 * MiB })).toEqual({ ok: false, code: 'file_uncompressed_too_large' });
  });

  it('stops at the first data row over the row cap, and at rows far down the sheet', async () => {
    expect(await readXlsx(await xlsxWithSheet(await sheetPart(factorRows(5))), { ...small, maxColumns: 64 })).toMatchObject({ ok: true });
    expect(await readXlsx(await xlsxWithSheet(await sheetPart(factorRows(6))), { ...small, maxColumns: 64 })).toEqual({ ok: false, code: 'too_many_rows', row: 7 });
    // Blank rows count too, so a sheet of a million empty rows is not a million arrays.
    const far = await xlsxWithSheet(await sheetPart([rowXml(1, ['key']), rowXml(12, ['x'])]));
    expect(await readXlsx(far, small)).toEqual({ ok: false, code: 'too_many_rows', row: 12 });
  });

  it('refuses a value beyond the column cap; empty cells there are ignored', async () => {
    expect(await readXlsx(await xlsxWithSheet(await sheetPart([rowXml(1, ['a', 'b', 'c', 'd'])])), small)).toEqual({ ok: false, code: 'too_many_columns', row: 1 });
    expect(await readXlsx(await xlsxWithSheet(await sheetPart([rowXml(1, ['a', 'b', 'c', ''])])), small)).toEqual({ ok: true, rows: [['a', 'b', 'c']] });
    const farRight = await xlsxWithSheet(await sheetPart(['<row r="1"><c r="XFD1"><v>1</v></c></row>']));
    expect(await readXlsx(farRight, small)).toEqual({ ok: false, code: 'too_many_columns', row: 1 });
  });

  it('answers invalid_xlsx for broken files, never throws', async () => {
    const sheet = await sheetPart([rowXml(1, ['a'])]);
    const valid = await xlsxWithSheet(sheet);
    const cases: Buffer[] = [
      Buffer.from('PK\u0003\u0004 not really a zip'),
      valid.subarray(0, valid.length - 10),
      zipOf([await textPart('xl/workbook.xml', '<workbook/>')]),
      await xlsxWithSheet({ ...sheet, stored: Buffer.from('not deflate data at all') }),
      await xlsxWithSheet(await textPart('xl/worksheets/sheet1.xml', '<worksheet><sheetData><row r="1"><c r="AAAAA1"><v>1</v></c></row></sheetData></worksheet>')),
    ];
    for (const [i, file] of cases.entries()) expect(await readXlsx(file), `case ${i}`).toEqual({ ok: false, code: 'invalid_xlsx' });
  });
});
