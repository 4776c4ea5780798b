import { describe, expect, it } from 'vitest';
import type { Cell } from '../calculation/companyFactors/entry';
import { columnMapOf, recordOf, type ColumnMap } from './linkedRecord';
import type { ImportSourceType } from './sourceFormats';

const mapOf = (type: ImportSourceType, header: Cell[]): ColumnMap => {
  const r = columnMapOf(type, header);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.map;
};

const HEADER = ['取引日', '伝票番号', '行番号', '内容', '取引先名', '取引数量', '単位', '取引金額', '通貨', '社内部署', '重量(kg)', '勘定科目コード'];
const standard = mapOf('standard', HEADER);
const row = (over: Partial<Record<(typeof HEADER)[number], Cell>> = {}): Cell[] => {
  const base: Record<string, Cell> = {
    取引日: '2025/4/1',
    伝票番号: 'S-1001',
    行番号: '1',
    内容: '軽油',
    取引先名: '株式会社山田商事',
    取引数量: '1,200',
    単位: 'L',
    取引金額: '¥180,000',
    通貨: '',
    社内部署: '本社',
    '重量(kg)': '',
    勘定科目コード: '5110',
  };
  return HEADER.map((h) => (h in over ? over[h] : base[h]));
};

describe('columnMapOf', () => {
  it('given the standard header, when read, then each column maps to its field and index', () => {
    expect(standard.sourceType).toBe('standard');
    expect(standard.columns[0]).toEqual({ index: 0, field: 'transactionDate', header: '取引日' });
    expect(standard.columns.map((c) => c.index)).toEqual(HEADER.map((_, i) => i));
  });

  it('ignores blank header cells at the end', () => {
    const r = columnMapOf('standard', [...HEADER, '', null, '  ']);
    expect(r.ok && r.map.columns.length).toBe(HEADER.length);
  });

  it('reports unknown, blank-in-the-middle, duplicate and missing columns together', () => {
    expect(columnMapOf('standard', ['取引日', '伝票番号', 'Amount!', '', '取引金額', 'amount', '社内部署'])).toEqual({
      ok: false,
      problems: [
        { code: 'unknown_column', column: 'Amount!' },
        { code: 'unknown_column', column: '' },
        { code: 'duplicate_column', column: 'amount' },
        { code: 'missing_column', column: '行番号' },
      ],
    });
  });

  it('counts a weight in kg and one in tonnes as the same field', () => {
    expect(columnMapOf('legacyLogistics', ['出荷日', '送り状番号', '輸送手段', '重量(kg)', '重量(t)', '部署'])).toEqual({
      ok: false,
      problems: [{ code: 'duplicate_column', column: '重量(t)' }],
    });
  });

  it('names each missing required column by its template header', () => {
    expect(columnMapOf('warehouse', ['出荷日', '品番'])).toEqual({
      ok: false,
      problems: [
        { code: 'missing_column', column: '伝票No' },
        { code: 'missing_column', column: '明細No' },
        { code: 'missing_column', column: '部署' },
      ],
    });
    expect(columnMapOf('legacyLogistics', ['出荷日', '送り状番号', '輸送手段', '重量(t)', '部署']).ok).toBe(true);
  });

  it('gives no_header for an empty or blank row, or a data row where the header should be', () => {
    for (const header of [[], ['', null], ['2025/4/1', 'S-1001', '1', '軽油']]) {
      expect(columnMapOf('standard', header)).toEqual({ ok: false, problems: [{ code: 'no_header', column: '' }] });
    }
  });
});

describe('recordOf', () => {
  it('given a good row, when read, then it is a record with typed values and normalised text', () => {
    expect(recordOf(standard, 2, row({ 内容: ' 軽油（トラック） ', 取引先名: '株式会社ﾔﾏﾀﾞ商事' }))).toEqual({
      ok: true,
      record: {
        row: 2,
        sourceKey: 'S-1001|1',
        transactionDate: '2025-04-01',
        amount: 180000,
        currency: 'JPY',
        volume: 1200,
        volumeUnit: 'L',
        weightKg: null,
        distanceKm: null,
        text: { slipNumber: 'S-1001', lineNumber: '1', contents: '軽油(トラック)', supplierName: '株式会社ヤマダ商事', department: '本社', accountCode: '5110' },
      },
    });
  });

  it('skips a fully blank row', () => {
    expect(recordOf(standard, 5, ['', null, undefined, '  '])).toEqual({ ok: true, record: null });
    expect(recordOf(standard, 5, [])).toEqual({ ok: true, record: null });
  });

  it('given a row with three problems, when read, then all three are reported in column order', () => {
    expect(recordOf(standard, 7, row({ 取引日: '2025/2/30', 取引金額: '12,OOO', 社内部署: '' }))).toEqual({
      ok: false,
      errors: [
        { row: 7, field: 'transactionDate', code: 'invalid_date', value: '2025/2/30' },
        { row: 7, field: 'amount', code: 'invalid_number', value: '12,OOO' },
        { row: 7, field: 'department', code: 'missing_value', value: null },
      ],
    });
  });

  it('refuses negative numbers, unknown currencies, text that cannot be stored and text over 200 characters', () => {
    const long = 'あ'.repeat(201);
    const r = recordOf(standard, 3, row({ 取引数量: '△5', 通貨: 'XYZ', 内容: 'a\u0000b', 取引先名: long, 単位: '\uD800' }));
    expect(r).toEqual({
      ok: false,
      errors: [
        { row: 3, field: 'contents', code: 'invalid_text', value: 'a\uFFFDb' },
        { row: 3, field: 'supplierName', code: 'value_too_long', value: 'あ'.repeat(200) },
        { row: 3, field: 'volume', code: 'negative_amount', value: '△5' },
        { row: 3, field: 'volumeUnit', code: 'invalid_text', value: '\uFFFD' },
        { row: 3, field: 'currency', code: 'invalid_currency', value: 'XYZ' },
      ],
    });
  });

  it('accepts 200 characters counted as code points', () => {
    const r = recordOf(standard, 2, row({ 内容: '𠮷'.repeat(200) }));
    expect(r.ok && r.record?.text.contents).toBe('𠮷'.repeat(200));
  });

  it('reads currencies: codes in any case, yen marks, the unit catalogue spellings', () => {
    const currency = (c: Cell, amount: Cell = '100') => {
      const r = recordOf(standard, 2, row({ 通貨: c, 取引金額: amount }));
      return r.ok ? r.record?.currency : r.errors.map((e) => e.code);
    };
    expect(currency('usd')).toBe('USD');
    expect(currency('ＥＵＲ')).toBe('EUR');
    expect(currency('円')).toBe('JPY');
    expect(currency('¥')).toBe('JPY');
    expect(currency('JPY')).toBe('JPY');
    expect(currency('米ドル')).toBe('USD');
    expect(currency('')).toBe('JPY');
    expect(currency('', '')).toBeNull();
    expect(currency('US')).toEqual(['invalid_currency']);
    expect(currency('$')).toEqual(['invalid_currency']);
  });

  it('reports a blank source key field as missing_value', () => {
    expect(recordOf(standard, 4, row({ 伝票番号: '  ', 行番号: '' }))).toEqual({
      ok: false,
      errors: [
        { row: 4, field: 'slipNumber', code: 'missing_value', value: null },
        { row: 4, field: 'lineNumber', code: 'missing_value', value: null },
      ],
    });
    // A hand-built map without the key columns: the first blank key field is reported.
    const partial: ColumnMap = { sourceType: 'standard', columns: [{ index: 0, field: 'transactionDate', header: '取引日' }] };
    const r = recordOf(partial, 2, ['2025/4/1']);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.find((e) => e.field === 'slipNumber')).toEqual({ row: 2, field: 'slipNumber', code: 'missing_value', value: null });
  });

  it('builds the source key from NFKC, trimmed values and escapes the separator', () => {
    const key = (slip: Cell, line: Cell) => {
      const r = recordOf(standard, 2, row({ 伝票番号: slip, 行番号: line }));
      return r.ok ? r.record?.sourceKey : r.errors;
    };
    expect(key(' Ｓ－１００１ ', '１')).toBe('S-1001|1');
    expect(key(1001, 2)).toBe('1001|2');
    expect(key('A|B', 'C')).toBe('A\\|B|C');
    expect(key('A', 'B|C')).toBe('A|B\\|C');
  });

  it('takes spreadsheet cells: dates, numbers', () => {
    const r = recordOf(standard, 2, row({ 取引日: new Date(Date.UTC(2025, 3, 1)), 取引金額: 180000, 取引数量: 1200.5, '重量(kg)': 0 }));
    expect(r.ok && r.record).toMatchObject({ transactionDate: '2025-04-01', amount: 180000, volume: 1200.5, weightKg: 0 });
    expect(recordOf(standard, 2, row({ 取引日: 45748 })).ok).toBe(true);
  });

  it('converts a weight in tonnes to kg, and keeps distance in km', () => {
    const legacy = mapOf('legacyLogistics', ['出荷日', '送り状番号', '輸送手段', '重量(t)', '距離(km)', '部署']);
    const r = recordOf(legacy, 2, ['令和7年4月1日', 'W-1', 'トラック', '2.5', '120', '東京工場']);
    expect(r.ok && r.record).toMatchObject({ sourceKey: 'W-1', transactionDate: '2025-04-01', weightKg: 2500, distanceKm: 120, amount: null, currency: null });
  });
});
