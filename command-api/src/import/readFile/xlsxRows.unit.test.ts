import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_FILE_LIMITS } from './limits';
import { readImportRows } from './readImportRows';
import { collect, problemOf, tempFiles } from './testing/files';
import { xlsxOf, zipOf } from './testing/zip';

const files = tempFiles();

async function readXlsx(content: Buffer, options = {}, limits = IMPORT_FILE_LIMITS) {
  const path = await files.write(`f${Math.random().toString(36).slice(2)}.xlsx`, content);
  const read = readImportRows(path, 'xlsx', options, limits);
  const { rows, problem } = await collect(read);
  return { rows: rows.map((r) => [r.row, ...r.cells]), problem: problemOf(problem), encoding: read.encoding(), bytesRead: read.bytesRead(), size: content.length };
}

async function workbook(fill: (sheet: ExcelJS.Worksheet, book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet('data'), book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('readImportRows (XLSX) on workbooks saved by exceljs', () => {
  it('reads strings (shared), numbers, booleans, dates as UTC Dates, rich text and hyperlinks as text, gaps as null', async () => {
    const file = await workbook((sheet) => {
      sheet.addRow(['取引日', '内容', '金額', '確定']);
      sheet.addRow([new Date(Date.UTC(2025, 3, 1)), '電力料金', 12345.5, true]);
      sheet.addRow(['電力料金', null, 0, false]);
      sheet.getCell('A5').value = { richText: [{ text: 'ri' }, { font: { bold: true }, text: 'ch' }] };
      sheet.getCell('C5').value = { text: 'link', hyperlink: 'https://example.com' };
    });
    expect(await readXlsx(file)).toMatchObject({
      rows: [
        [1, '取引日', '内容', '金額', '確定'],
        [2, new Date(Date.UTC(2025, 3, 1)), '電力料金', 12345.5, true],
        [3, '電力料金', null, 0, false],
        [5, 'rich', null, 'link'],
      ],
      problem: null,
      encoding: 'xlsx',
    });
    const result = await readXlsx(file);
    expect(result.bytesRead).toBe(result.size);
  });

  it('keeps multi-byte characters split between inflated chunks (exceljs alone turns them into U+FFFD)', async () => {
    const file = await workbook((sheet) => {
      for (let i = 1; i <= 20_000; i++) sheet.addRow([`電力料金${i}`, `東京都千代田区${i}`]);
    });
    const { rows, problem } = await readXlsx(file);
    expect(problem).toBeNull();
    expect(rows).toHaveLength(20_000);
    expect(rows.filter((r) => String(r[1]).includes('\uFFFD') || String(r[2]).includes('\uFFFD'))).toEqual([]);
    expect(rows[19_999]).toEqual([20_000, '電力料金20000', '東京都千代田区20000']);
  });

  it('refuses a formula, shared formulas included, with its row and column', async () => {
    const plain = await workbook((sheet) => {
      sheet.addRow(['a', 'b', 'c']);
      sheet.addRow([1, 2, 3]);
      sheet.getCell('C3').value = { formula: 'A2+B2', result: 3 };
    });
    expect(await readXlsx(plain)).toMatchObject({ rows: [[1, 'a', 'b', 'c'], [2, 1, 2, 3]], problem: { code: 'formula_cell', row: 3, column: 'C' } });
    const shared = await workbook((sheet) => {
      sheet.getCell('A1').value = 'h';
      sheet.getCell('B2').value = { formula: 'A1', result: 'h', shareType: 'shared', ref: 'B2:B3' } as ExcelJS.CellFormulaValue;
      sheet.getCell('B3').value = { sharedFormula: 'B2', result: 'h' };
    });
    expect((await readXlsx(shared)).problem).toEqual({ code: 'formula_cell', row: 2, column: 'B' });
  });

  it('refuses a workbook of several sheets before yielding any row', async () => {
    const file = await workbook((sheet, book) => {
      sheet.addRow(['a']);
      book.addWorksheet('notes').addRow(['b']);
    });
    expect(await readXlsx(file)).toMatchObject({ rows: [], problem: { code: 'several_sheets', row: null } });
  });

  it('refuses error cells with their row and column, and caps columns and rows', async () => {
    const errors = await workbook((sheet) => {
      sheet.addRow(['a', 'b']);
      sheet.getCell('B2').value = { error: '#N/A' };
    });
    expect((await readXlsx(errors)).problem).toEqual({ code: 'invalid_xlsx', row: 2, column: 'B' });
    const wide = await workbook((sheet) => {
      sheet.addRow(['a', 'b', 'c']);
      sheet.getCell('E2').value = 'x';
    });
    expect((await readXlsx(wide, { maxColumns: 3 })).problem).toEqual({ code: 'too_many_columns', row: 2, column: 'E' });
    const far = await workbook((sheet) => {
      sheet.getCell('A1').value = 'h';
      sheet.getCell('XFD1').value = 'x';
    });
    expect((await readXlsx(far)).problem).toEqual({ code: 'too_many_columns', row: 1, column: 'XFD' });
    const long = await workbook((sheet) => ['h', 1, 2, 3, 4].forEach((v) => sheet.addRow([v])));
    expect((await readXlsx(long, { maxRows: 3 })).problem).toEqual({ code: 'too_many_rows', row: 5, column: null });
  });

  it('refuses a sheet without a single value as empty', async () => {
    expect((await readXlsx(await workbook(() => {}))).problem).toEqual({ code: 'empty_file', row: null, column: null });
    expect((await readXlsx(Buffer.alloc(0))).problem?.code).toBe('empty_file');
  });
});

describe('readImportRows (XLSX) on hand-made and broken files', () => {
  it('reads the text, not the phonetic reading Japanese Excel stores beside it', async () => {
    const strings = '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si><si><r><t>電力</t></r><r><t>料金</t></r><rPh sb="0" eb="2"><t>デンリョク</t></rPh></si>';
    const file = xlsxOf('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>', strings);
    expect((await readXlsx(file)).rows).toEqual([[1, '東京', '電力料金']]);
  });

  it('refuses the cells of a shared formula that carry only a reference to it', async () => {
    const file = xlsxOf('<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v>2</v></c><c r="B2"><f t="shared" si="0"/><v>3</v></c></row>');
    expect(await readXlsx(file)).toMatchObject({ rows: [[1, 1]], problem: { code: 'formula_cell', row: 2, column: 'B' } });
  });

  it('answers invalid_xlsx for files that are not a workbook', async () => {
    const valid = xlsxOf('<row r="1"><c r="A1"><v>1</v></c></row>');
    expect((await readXlsx(valid)).rows).toEqual([[1, 1]]);
    const cases: Buffer[] = [
      Buffer.from('just,a,csv\n'),
      Buffer.from('PK\u0003\u0004 not really a zip'),
      valid.subarray(0, valid.length - 10),
      zipOf([{ name: 'xl/workbook.xml', content: '<workbook/>' }]),
      xlsxOf('<row r="1"><c r="A1"><v>1</v></c></row>', undefined, { data: Buffer.from('not deflate data at all') }),
      xlsxOf('<row r="1"><c r="A1"><v>1</v></row>'),
      xlsxOf('<row r="2"><c r="A2"><v>1</v></c></row><row r="1"><c r="A1"><v>1</v></c></row>'),
      xlsxOf('<row><c><v>1</v></c></row>'),
    ];
    for (const [i, file] of cases.entries()) expect((await readXlsx(file)).problem?.code, `case ${i}`).toBe('invalid_xlsx');
  });

  it('stops a zip bomb: a part over its cap before inflating, a directory that understates sizes at the size it claims', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join('');
    const small = { ...IMPORT_FILE_LIMITS, maxSheetBytes: 10_000 };
    expect((await readXlsx(xlsxOf(rows), {}, small)).problem?.code).toBe('file_too_large');
    const lying = await readXlsx(xlsxOf(rows, undefined, { claimedSize: 5_000 }));
    expect(lying.problem?.code).toBe('invalid_xlsx');
    expect(lying.rows.length).toBeLessThan(2000);
  });
});
