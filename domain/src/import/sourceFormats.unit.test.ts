import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { columnMapOf } from './linkedRecord';
import { IMPORT_SOURCE_TYPES, LINKED_TEXT_FIELDS, SOURCE_FORMATS, headerKey, sourceColumnOf, type ImportSourceType } from './sourceFormats';

const fieldsOf = (type: ImportSourceType, header: string[]) => {
  const r = columnMapOf(type, header);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.map.columns.map((c) => c.field);
};

describe('source formats', () => {
  it.each(IMPORT_SOURCE_TYPES)('%s: a transaction date, a required source key, a department, and no header claimed twice', (type) => {
    const f = SOURCE_FORMATS[type];
    expect(f.type).toBe(type);
    const required = new Set(f.columns.filter((c) => c.required).map((c) => c.field));
    expect(required.has('transactionDate')).toBe(true);
    expect(f.sourceKey.length).toBeGreaterThan(0);
    for (const k of f.sourceKey) expect(required.has(k)).toBe(true);
    expect(f.columns.some((c) => c.field === 'department')).toBe(true);
    const owner = new Map<string, (typeof f.columns)[number]>();
    for (const c of f.columns) {
      for (const h of c.headers) {
        const key = headerKey(h);
        expect(owner.get(key) ?? c, `${type}: '${h}'`).toBe(c);
        owner.set(key, c);
      }
    }
  });

  it('the standard template has a column for every linked text field', () => {
    const fields = new Set(SOURCE_FORMATS.standard.columns.map((c) => c.field));
    for (const f of LINKED_TEXT_FIELDS) expect(fields.has(f), f).toBe(true);
  });

  it('matches headers after NFKC, trimming, a byte-order mark and case', () => {
    expect(sourceColumnOf('standard', '\uFEFF取引日')?.field).toBe('transactionDate');
    expect(sourceColumnOf('standard', ' Transaction Date ')?.field).toBe('transactionDate');
    expect(sourceColumnOf('standard', 'TRANSACTION_DATE')?.field).toBe('transactionDate');
    expect(sourceColumnOf('standard', 'slipNumber')?.field).toBe('slipNumber');
    expect(sourceColumnOf('standard', '重量（ｋｇ）')?.field).toBe('weight');
    expect(sourceColumnOf('standard', 'ＩＤＥＡコード')?.field).toBe('ideaCode');
    expect(sourceColumnOf('warehouse', '伝票ＮＯ')?.field).toBe('slipNumber');
    expect(sourceColumnOf('standard', '取引日付')).toBeNull();
  });

  it('standard: the Japanese template header and its English aliases', () => {
    expect(fieldsOf('standard', ['取引日', '伝票番号', '行番号', '内容', '取引先名', '取引先コード', '取引数量', '単位', '取引金額', '通貨', '社内部署', '拠点', '品目コード', '品目名', '重量(kg)', '勘定科目コード', '費目', 'エネルギー種別', '輸送手段', 'IDEAコード', 'IDEA名', '備考'])).toEqual([
      'transactionDate', 'slipNumber', 'lineNumber', 'contents', 'supplierName', 'supplierCode', 'volume', 'volumeUnit', 'amount', 'currency', 'department', 'site',
      'productCode', 'productName', 'weight', 'accountCode', 'expensesType', 'energyType', 'transportMethod', 'ideaCode', 'ideaName', 'remarks',
    ]);
    expect(fieldsOf('standard', ['transaction date', 'slip number', 'line number', 'supplier name', 'amount', 'currency', 'department', 'weight (kg)', 'account code', 'IDEA code'])).toEqual([
      'transactionDate', 'slipNumber', 'lineNumber', 'supplierName', 'amount', 'currency', 'department', 'weight', 'accountCode', 'ideaCode',
    ]);
  });

  it('warehouse: a WMS export, Japanese and English', () => {
    expect(fieldsOf('warehouse', ['出荷日', '伝票No', '明細No', '品番', '品名', '数量', '単位', '重量(kg)', '荷主', '倉庫', '部署'])).toEqual([
      'transactionDate', 'slipNumber', 'lineNumber', 'productCode', 'productName', 'volume', 'volumeUnit', 'weight', 'supplierName', 'site', 'department',
    ]);
    expect(fieldsOf('warehouse', ['入出庫日', '伝票番号', '行No', '取引先', '倉庫名', '担当部署'])).toEqual(['transactionDate', 'slipNumber', 'lineNumber', 'supplierName', 'site', 'department']);
    expect(fieldsOf('warehouse', ['shipping date', 'slip no', 'line no', 'item code', 'qty', 'shipper', 'warehouse', 'department'])).toEqual([
      'transactionDate', 'slipNumber', 'lineNumber', 'productCode', 'volume', 'supplierName', 'site', 'department',
    ]);
  });

  it('exportImport: a trade system export, Japanese and English', () => {
    expect(fieldsOf('exportImport', ['船積日', 'インボイス番号', '明細番号', '品目', 'HSコード', '数量', '単位', '重量(kg)', '金額', '通貨', '仕出国', '原産国', '輸送手段', '部署'])).toEqual([
      'transactionDate', 'slipNumber', 'lineNumber', 'productName', 'productCode', 'volume', 'volumeUnit', 'weight', 'amount', 'currency', 'countryCode', 'countryOfOrigin', 'transportMethod', 'department',
    ]);
    expect(fieldsOf('exportImport', ['通関日', 'インボイスNo', '行番号', '担当部署'])).toEqual(['transactionDate', 'slipNumber', 'lineNumber', 'department']);
    expect(fieldsOf('exportImport', ['customs date', 'invoice no', 'item no', 'HS code', 'invoice amount', 'currency', 'port of loading', 'department'])).toEqual([
      'transactionDate', 'slipNumber', 'lineNumber', 'productCode', 'amount', 'currency', 'departureStation', 'department',
    ]);
  });

  it('legacyLogistics: a waybill list, Japanese and English', () => {
    expect(fieldsOf('legacyLogistics', ['出荷日', '送り状番号', '発地', '着地', '輸送手段', '重量(kg)', '距離(km)', '運送会社', '部署'])).toEqual([
      'transactionDate', 'slipNumber', 'departureStation', 'arrivalStation', 'transportMethod', 'weight', 'distance', 'supplierName', 'department',
    ]);
    expect(fieldsOf('legacyLogistics', ['shipping date', 'waybill no', 'origin', 'destination', 'transport method', 'weight (t)', 'distance (km)', 'carrier', 'department'])).toEqual([
      'transactionDate', 'slipNumber', 'departureStation', 'arrivalStation', 'transportMethod', 'weight', 'distance', 'supplierName', 'department',
    ]);
  });

  it('docs/import-formats.md names every header label of every format', () => {
    const doc = readFileSync(new URL('../../../docs/import-formats.md', import.meta.url), 'utf8');
    for (const type of IMPORT_SOURCE_TYPES) {
      expect(doc).toContain(`\`${type}\``);
      for (const c of SOURCE_FORMATS[type].columns) for (const h of c.headers) expect(doc, `${type}: ${h}`).toContain(h);
    }
  });
});
