import { describe, expect, it } from 'vitest';
import { canImport, columnMapping, compareTotals, refusalPlaces, sampleFields, sizeText, unlistedErrors } from './outcome';
import type { ImportOutcome } from './upload';

const base = {
  status: 'preview',
  uploadId: 'u1',
  errorCount: 0,
  unmatchedCount: 0,
  headerProblems: [],
} as const;
const outcome = (over: Partial<ImportOutcome>) => ({ ...base, ...over }) as ImportOutcome;

describe('an import checked', () => {
  it('may be imported only when previewed whole: no bad row, no header problem, nothing unclassified, the upload kept', () => {
    expect(canImport(outcome({}))).toBe(true);
    expect(canImport(outcome({ errorCount: 3 }))).toBe(false);
    expect(canImport(outcome({ unmatchedCount: 1 }))).toBe(false);
    expect(canImport(outcome({ headerProblems: [{ code: 'missing_column', column: '取引日' }] }))).toBe(false);
    expect(canImport(outcome({ status: 'error' }))).toBe(false);
    expect(canImport(outcome({ status: 'success' }))).toBe(false);
    expect(canImport(outcome({ uploadId: null }))).toBe(false);
  });

  it('tells the columns read from those ignored (a blank trailing header is neither)', () => {
    const columns = [
      { index: 0, header: '取引日', field: 'transactionDate' },
      { index: 1, header: 'メモ欄', field: null },
      { index: 2, header: '重量(kg)', field: 'weight' },
      { index: 3, header: ' ', field: null },
    ];
    const { mapped, unmapped } = columnMapping(columns);
    expect(mapped.map((c) => c.field)).toEqual(['transactionDate', 'weight']);
    expect(unmapped.map((c) => c.header)).toEqual(['メモ欄']);
    // The sample stores weight and distance under their units' names.
    expect(sampleFields([...columns, { index: 4, header: '距離', field: 'distance' }, { index: 5, header: 'weight (t)', field: 'weight' }])).toEqual(['transactionDate', 'weightKg', 'distanceKm']);
  });

  it('counts the row errors the answer does not list', () => {
    expect(unlistedErrors({ errors: new Array(1000).fill(null), errorCount: 1500 } as unknown as ImportOutcome)).toBe(500);
    expect(unlistedErrors({ errors: [], errorCount: 0 } as unknown as ImportOutcome)).toBe(0);
  });

  it('reads where a refusal points', () => {
    expect(refusalPlaces(['row:4', 'row:7', 'column:5', 'sourceType', 'row:x'])).toEqual({ rows: [4, 7], columns: ['5'] });
    expect(refusalPlaces([])).toEqual({ rows: [], columns: [] });
  });

  it('writes sizes in B, KB and MB', () => {
    const f = (n: number, d: number) => n.toFixed(d);
    expect(sizeText(512, f)).toBe('512 B');
    expect(sizeText(2390, f)).toBe('2.3 KB');
    expect(sizeText(150 * 1024 * 1024, f)).toBe('150.0 MB');
  });
});

describe('rules re-applied: totals compared', () => {
  it('lists every category either side names, in the screen order, with its change; categories at zero on both sides are left out', () => {
    const before = { co2eKg: 3200 + 2580, byCategory: { '31': 3200, '1': 2580, '34': 0 } };
    const after = { co2eKg: 6400 + 2580, byCategory: { '31': 6400, '1': 2580, water: 0, '36': 0 } };
    const { rows, total } = compareTotals(before, after, ['1', '2', '31', '34', '36', 'water']);
    expect(rows).toEqual([
      { category: '1', before: 2580, after: 2580, change: 0 },
      { category: '31', before: 3200, after: 6400, change: 3200 },
    ]);
    expect(total).toEqual({ category: '', before: 5780, after: 8980, change: 3200 });
  });

  it('moves a line between categories and rounds the change to a millionth kg', () => {
    const { rows, total } = compareTotals({ co2eKg: 0.3, byCategory: { '1': 0.1, '2': 0.2 } }, { co2eKg: 0.1 + 0.2, byCategory: { '2': 0.1 + 0.2 } }, ['1', '2']);
    expect(rows.map((r) => [r.category, r.change])).toEqual([
      ['1', -0.1],
      ['2', 0.1],
    ]);
    expect(total.change).toBe(0);
    expect(Object.is(total.change, -0)).toBe(false);
  });

  it('puts categories it does not know last, by name', () => {
    const { rows } = compareTotals({ co2eKg: 3, byCategory: { zz: 1, aa: 1, '1': 1 } }, { co2eKg: 3, byCategory: {} }, ['1']);
    expect(rows.map((r) => r.category)).toEqual(['1', 'aa', 'zz']);
  });
});
