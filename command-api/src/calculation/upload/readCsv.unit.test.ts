import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from './limits';
import { readCsv } from './readCsv';

const small = { ...UPLOAD_LIMITS, maxDataRows: 3, maxSheetRows: 7, maxColumns: 3 };
const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'));

describe('readCsv', () => {
  it('reads UTF-8 with and without a BOM, and Shift_JIS', async () => {
    expect(await readCsv(Buffer.from('\uFEFFkey,label_ja\r\nk,係数\r\n'))).toEqual({ ok: true, format: 'csv-utf8-bom', rows: [['key', 'label_ja'], ['k', '係数']] });
    expect(await readCsv(Buffer.from('key\r\nk'))).toEqual({ ok: true, format: 'csv-utf8', rows: [['key'], ['k']] });
    // "係数" in Shift_JIS.
    expect(await readCsv(Buffer.from([0x6b, 0x2c, 0x8c, 0x57, 0x90, 0x94]))).toEqual({ ok: true, format: 'csv-shift_jis', rows: [['k', '係数']] });
    expect(await readCsv(Buffer.from([0x6b, 0x2c, 0xff, 0xff]))).toEqual({ ok: false, code: 'invalid_encoding' });
  });

  it('decodes across chunk boundaries (a character split between chunks is not an encoding error)', async () => {
    const long = `key\r\n${'係'.repeat(200_000)}`;
    const result = await readCsv(Buffer.from(long));
    expect(result).toMatchObject({ ok: true, format: 'csv-utf8' });
    expect(result.ok && result.rows[1]![0]).toBe('係'.repeat(200_000));
  });

  it('names the row of a broken record', async () => {
    expect(await readCsv(csv(['key', 'a', '"open']))).toEqual({ ok: false, code: 'invalid_csv', row: 3 });
  });

  it('stops at the first data row over the row cap; blank lines do not count as data but are bounded too', async () => {
    expect(await readCsv(csv(['key', 'a', '', 'b', 'c']), small)).toMatchObject({ ok: true });
    expect(await readCsv(csv(['key', 'a', 'b', 'c', 'd', 'e']), small)).toEqual({ ok: false, code: 'too_many_rows', row: 5 });
    expect(await readCsv(Buffer.from(`key\r\n${'\r\n'.repeat(100)}`), small)).toEqual({ ok: false, code: 'too_many_rows', row: 8 });
  });

  it('refuses a value beyond the column cap; trailing empty cells are ignored', async () => {
    expect(await readCsv(csv(['a,b,c,,,,']), small)).toEqual({ ok: true, format: 'csv-utf8', rows: [['a', 'b', 'c']] });
    expect(await readCsv(csv(['a,b,c,,,,x']), small)).toEqual({ ok: false, code: 'too_many_columns', row: 1 });
  });

  it('refuses a file of ten million blank lines quickly, at the sheet-row cap', async () => {
    const started = performance.now();
    expect(await readCsv(Buffer.alloc(UPLOAD_LIMITS.maxFileBytes, 0x0a))).toEqual({ ok: false, code: 'too_many_rows', row: UPLOAD_LIMITS.maxSheetRows + 1 });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
