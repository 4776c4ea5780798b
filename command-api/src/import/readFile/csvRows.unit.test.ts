import { describe, expect, it } from 'vitest';
import { IMPORT_FILE_LIMITS } from './limits';
import { readImportRows } from './readImportRows';
import { collect, problemOf, tempFiles } from './testing/files';
import { shiftJisBytes } from './testing/shiftJis';

const files = tempFiles();
const CHUNK = IMPORT_FILE_LIMITS.chunkBytes;

async function readCsv(content: Buffer | string, options = {}) {
  const path = await files.write(`f${Math.random().toString(36).slice(2)}.csv`, content);
  const read = readImportRows(path, 'csv', options);
  const { rows, problem } = await collect(read);
  return { rows: rows.map((r) => [r.row, ...r.cells]), problem: problemOf(problem), encoding: read.encoding(), bytesRead: read.bytesRead() };
}

/** `count` rows of ASCII, about 100 bytes each: enough to span several chunks. */
const asciiRows = (count: number) => Array.from({ length: count }, (_, i) => `${i},${'x'.repeat(95)}\n`).join('');

describe('readImportRows (CSV): encodings', () => {
  it('reads UTF-8, and UTF-8 with a BOM (stripped)', async () => {
    expect(await readCsv('取引日,内容\n2025/4/1,電力料金\n')).toEqual({
      rows: [[1, '取引日', '内容'], [2, '2025/4/1', '電力料金']],
      problem: null,
      encoding: 'utf-8',
      bytesRead: Buffer.byteLength('取引日,内容\n2025/4/1,電力料金\n'),
    });
    const bom = await readCsv('\uFEFF取引日,内容\r\n2025/4/1,電力料金');
    expect(bom).toMatchObject({ rows: [[1, '取引日', '内容'], [2, '2025/4/1', '電力料金']], problem: null, encoding: 'utf-8-bom' });
  });

  it('reads Shift_JIS (Windows-31J) when the file is not UTF-8', async () => {
    const bytes = shiftJisBytes('取引日,内容\n2025/4/1,電力料金\n①,髙\n');
    expect(bytes.toString('latin1')).not.toContain('取'); // really Shift_JIS bytes
    expect(await readCsv(bytes)).toMatchObject({ rows: [[1, '取引日', '内容'], [2, '2025/4/1', '電力料金'], [3, '①', '髙']], problem: null, encoding: 'shift_jis' });
  });

  it('decides on the whole file: a Shift_JIS character after 300 KB of ASCII makes it all Shift_JIS, each row yielded once', async () => {
    const result = await readCsv(Buffer.concat([Buffer.from(asciiRows(3200)), shiftJisBytes('3200,電力料金\n')]));
    expect(result.encoding).toBe('shift_jis');
    expect(result.problem).toBeNull();
    expect(result.rows.map((r) => r[0])).toEqual(Array.from({ length: 3201 }, (_, i) => i + 1));
    expect(result.rows.at(-1)).toEqual([3201, '3200', '電力料金']);
  });

  it('names the row of bytes invalid in both encodings, after 300 KB, without yielding any row twice', async () => {
    const bytes = Buffer.concat([Buffer.from(asciiRows(3200)), Buffer.from('3200,ok\n3201,bad\xff\xff\n3202,after\n', 'latin1')]);
    const result = await readCsv(bytes);
    expect(result.encoding).toBe('shift_jis');
    expect(result.problem).toEqual({ code: 'invalid_encoding', row: 3202, column: null });
    expect(result.rows.map((r) => r[0])).toEqual(Array.from({ length: 3201 }, (_, i) => i + 1));
  });

  it('names the row of an invalid byte inside a quoted field spanning lines', async () => {
    const bytes = Buffer.concat([Buffer.from('a,b\n1,"first line\n'), Buffer.from([0xff]), Buffer.from('"\n3,c\n')]);
    expect(await readCsv(bytes)).toMatchObject({ rows: [[1, 'a', 'b']], problem: { code: 'invalid_encoding', row: 2 } });
  });

  it('refuses invalid UTF-8 after a BOM with its row (the BOM settles the encoding)', async () => {
    const bytes = Buffer.concat([Buffer.from('\uFEFFa\nb\n'), Buffer.from([0x63, 0xc3]), Buffer.from('\n')]);
    expect(await readCsv(bytes)).toMatchObject({ rows: [[1, 'a'], [2, 'b']], problem: { code: 'invalid_encoding', row: 3 }, encoding: 'utf-8-bom' });
  });

  it('keeps UTF-8 when a multi-byte character is split across the chunk boundary', async () => {
    for (const shift of [1, 2]) {
      // '電' is 3 bytes: it starts 1 or 2 bytes before the end of the first 256 KB chunk.
      const head = `${'x'.repeat(CHUNK - shift - 1)}\n`;
      const bytes = Buffer.from(`${head}電力,料金\n`);
      expect(bytes.subarray(CHUNK - shift, CHUNK - shift + 3).toString()).toBe('電');
      const result = await readCsv(bytes);
      expect(result.encoding).toBe('utf-8');
      expect(result.rows[1]).toEqual([2, '電力', '料金']);
    }
  });
});

describe('readImportRows (CSV): content', () => {
  it('refuses an empty file, a BOM alone, and blank lines only', async () => {
    for (const content of [Buffer.alloc(0), Buffer.from([0xef, 0xbb, 0xbf]), '\n\r\n,,\n  \n']) {
      expect((await readCsv(content)).problem).toEqual({ code: 'empty_file', row: null, column: null });
    }
  });

  it('reads quoted fields holding commas, quotes and line breaks as one row', async () => {
    const result = await readCsv('name,note\r\n"a, b","line 1\r\nline 2"\r\n"say ""hi""",x\r\n');
    expect(result.rows).toEqual([[1, 'name', 'note'], [2, 'a, b', 'line 1\r\nline 2'], [3, 'say "hi"', 'x']]);
  });

  it('names the row of malformed quoting', async () => {
    // The rows before the broken one are yielded, none after it (the parser's count is one short there).
    expect(await readCsv('a,b\n1,2\n3,"x"y\n4,5\n')).toMatchObject({ rows: [[1, 'a', 'b'], [2, '1', '2']], problem: { code: 'invalid_csv', row: 3, column: null } });
    expect((await readCsv('a,b\n1,2\n"open,3\n4,5\n')).problem).toEqual({ code: 'invalid_csv', row: 3, column: null });
  });

  it('yields blank lines as blank rows so row numbers stay those a spreadsheet shows', async () => {
    const result = await readCsv('a,b\n\n1,2\n,\n\n"x\ny",3\n4,5');
    expect(result.rows).toEqual([[1, 'a', 'b'], [2, ''], [3, '1', '2'], [4, '', ''], [5, ''], [6, 'x\ny', '3'], [7, '4', '5']]);
    expect(result.bytesRead).toBe(23);
  });

  it('refuses a value beyond the column cap with its row and column; empty cells there are cut', async () => {
    expect(await readCsv('a,b,c,,,,\n1,2,3,,,\n', { maxColumns: 3 })).toMatchObject({ rows: [[1, 'a', 'b', 'c'], [2, '1', '2', '3']], problem: null });
    expect((await readCsv('a,b,c\n1,2,3\n1,2,3,,x\n', { maxColumns: 3 })).problem).toEqual({ code: 'too_many_columns', row: 3, column: '5' });
    expect((await readCsv(`${Array.from({ length: 201 }, (_, i) => `c${i}`).join(',')}\n`)).problem).toMatchObject({ code: 'too_many_columns', row: 1 });
  });

  it('refuses data rows over the row cap, and an endless run of blank lines', async () => {
    expect((await readCsv('h\n1\n\n2\n3\n', { maxRows: 3 })).problem).toBeNull();
    expect((await readCsv('h\n1\n2\n3\n4\n', { maxRows: 3 })).problem).toEqual({ code: 'too_many_rows', row: 5, column: null });
    expect((await readCsv(`h\n1\n${'\n'.repeat(100)}`, { maxRows: 3 })).problem).toEqual({ code: 'too_many_rows', row: 8, column: null });
  });

  it('stops at a record over the size cap instead of reading on to the end of the file', async () => {
    const unclosed = `a\n"${'x'.repeat(IMPORT_FILE_LIMITS.maxCsvRecordChars / 8)}\n`.repeat(16);
    expect((await readCsv(`h\n${unclosed}`)).problem).toMatchObject({ code: 'invalid_csv', row: 3 });
    const oneLine = Buffer.alloc(4 * IMPORT_FILE_LIMITS.maxCsvRecordChars + CHUNK, 0x61);
    expect((await readCsv(oneLine)).problem).toEqual({ code: 'invalid_csv', row: 1, column: null });
  });

  it('lets the caller stop early, stops on abort with the signal\'s reason, and passes I/O errors through', async () => {
    const path = await files.write('early.csv', asciiRows(5000));
    const read = readImportRows(path, 'csv');
    for await (const row of read.rows) if (row.row === 10) break;
    const controller = new AbortController();
    const aborted = readImportRows(path, 'csv', { signal: controller.signal });
    const reason = new Error('cancelled');
    await expect(
      (async () => {
        for await (const row of aborted.rows) if (row.row === 10) controller.abort(reason);
      })(),
    ).rejects.toBe(reason);
    await expect(collect(readImportRows(files.path('missing.csv'), 'csv'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(collect(readImportRows(files.path('missing.xlsx'), 'xlsx'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
