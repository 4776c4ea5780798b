import { describe, expect, it } from 'vitest';
import { decimal, fill, sheetName, whole, workbook } from './spreadsheet';

describe('the headings and notes of a file', () => {
  it('given a message with placeholders, when filled, then each named value stands in its place and an unknown one is left as it is', () => {
    expect(fill('FY{year}: no electricity line in month(s) {months}.', { year: '2024', months: '1, 2' })).toBe('FY2024: no electricity line in month(s) 1, 2.');
    expect(fill('{name} ({unit}) (B)', { name: '生産量' })).toBe('生産量 ({unit}) (B)');
  });
  it('given a sheet name too long or with characters Excel refuses, then it is cut to 31 characters, cleaned and made unique', () => {
    const taken = new Set<string>();
    expect(sheetName('Table 2: energy use [GJ]', taken)).toBe('Table 2  energy use  GJ');
    expect(sheetName('x'.repeat(40), taken)).toHaveLength(31);
    expect(sheetName('x'.repeat(40), taken)).toBe(`${'x'.repeat(28)} 2`);
  });
});

describe('a sheet of blocks', () => {
  it('given an intro and two blocks, then: the italic intro, an empty row, the bold headings, the rows, an empty row, the next block', () => {
    const book = workbook();
    const ws = book.blocks('About', 'What this is', [
      { headings: ['Item', 'Value'], rows: [['GJ', decimal('12.500000')], ['Lines', whole('1234')], ['Share', 0.25], ['Year', 2024], ['Empty', null]] },
      { headings: ['Notes'], rows: [['one']] },
    ], [20, 20]);
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([['What this is'], [], ['Item', 'Value'], ['GJ', 12.5], ['Lines', 1234], ['Share', 0.25], ['Year', 2024], ['Empty'], [], ['Notes'], ['one']]);
    expect(ws.getRow(1).font).toMatchObject({ italic: true });
    expect(ws.getRow(3).font).toMatchObject({ bold: true });
    // Decimal text: six decimals shown; a whole figure: thousands separators; a plain fraction: six decimals; a plain whole number: as it is.
    expect([4, 5, 6, 7].map((r) => ws.getRow(r).getCell(2).numFmt)).toEqual(['#,##0.000000', '#,##0', '#,##0.000000', undefined]);
    expect(ws.getColumn(1).width).toBe(20);
  });
  it('given no intro, then the first block starts on the first row', () => {
    const ws = workbook().blocks('Credits', null, [{ headings: ['Type'], rows: [['J-クレジット']] }], [10]);
    expect(ws.getRow(1).values).toEqual([undefined, 'Type']);
  });
});
