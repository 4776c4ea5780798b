import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, sheetNames, xlsxBytes } from './xlsxFile';
import { crc32 } from './zip';

describe('the XLSX a view page hands out', () => {
  it('CRC-32 is the standard check value of "123456789" (0xCBF43926)', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('names columns A…Z, AA…', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('makes sheet names Excel accepts: no []:*?/\\, at most 31 characters, unique', () => {
    const long = 'スコープ3カテゴリ1購入した製品・サービスの排出量の明細一覧表';
    const names = sheetNames(['a/b', 'A/B', '', long, long]);
    expect(names.slice(0, 3)).toEqual(['a b', 'A B~2', 'Sheet3']);
    expect(Array.from(names[3]!)).toHaveLength(31);
    expect(names[4]).not.toBe(names[3]);
    expect(Array.from(names[4]!).length).toBeLessThanOrEqual(31);
  });

  it('reads back in a spreadsheet library: a sheet per table, numbers as numbers, Japanese text and XML specials intact', async () => {
    // Given two tables, one with text that XML must escape and a control character it cannot hold
    const bytes = xlsxBytes([
      { sheet: 'スコープ1', heading: ['区分', '排出量 (t-CO2e)'], rows: [['燃料 <A & "B">', 12.345678], ['電力\u0001', 0.5]] },
      { sheet: '合計', heading: ['total'], rows: [[12.845678]] },
    ]);
    // When a spreadsheet library opens it
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    // Then it holds both sheets with the cells as written
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['スコープ1', '合計']);
    const first = workbook.getWorksheet('スコープ1')!;
    expect(first.getCell('A1').value).toBe('区分');
    expect(first.getCell('B1').font?.bold).toBe(true);
    expect(first.getCell('A2').value).toBe('燃料 <A & "B">');
    expect(first.getCell('B2').value).toBe(12.345678);
    expect(first.getCell('A3').value).toBe('電力');
    expect(first.getCell('B3').value).toBe(0.5);
    expect(workbook.getWorksheet('合計')!.getCell('A2').value).toBe(12.845678);
  });

  it('writes the same bytes for the same tables (no clock in the archive)', () => {
    const tables = [{ sheet: 's', heading: ['a'], rows: [[1]] }];
    expect(xlsxBytes(tables)).toEqual(xlsxBytes(tables));
  });
});
