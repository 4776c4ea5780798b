import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify, ruleMatcher, suggestedConditions, RULE_MATCH_FIELDS, type MatchableRule, type RuleCondition } from './classify';
import type { LinkedRecord } from './linkedRecord';
import type { LinkedTextField } from './sourceFormats';

const record = (text: Partial<Record<LinkedTextField, string>>): LinkedRecord => ({
  row: 2,
  sourceKey: 'S-1|1',
  transactionDate: '2025-04-01',
  amount: 1000,
  currency: 'JPY',
  volume: null,
  volumeUnit: null,
  weightKg: null,
  distanceKm: null,
  text,
});

const rule = (id: string, priority: number, conditions: RuleCondition[], name = id): MatchableRule & { scope: string } => ({ id, name, priority, conditions, scope: `scope-${id}` });

describe('classify', () => {
  const diesel = record({ accountCode: '5110', supplierName: '株式会社山田商事', energyType: '軽油', department: '本社' });

  it('given rules whose conditions all hold, when classified, then the lowest priority number wins', () => {
    const rules = [
      rule('broad', 20, [{ field: 'accountCode', value: '5110' }]),
      rule('narrow', 10, [{ field: 'accountCode', value: '5110' }, { field: 'energyType', value: '軽油' }]),
      rule('other', 1, [{ field: 'accountCode', value: '5120' }]),
    ];
    const r = classify(diesel, rules);
    expect(r?.id).toBe('narrow');
    expect(r?.scope).toBe('scope-narrow'); // the caller's own rule type comes back
  });

  it('needs every condition: one failing condition rules a rule out', () => {
    expect(classify(diesel, [rule('a', 1, [{ field: 'accountCode', value: '5110' }, { field: 'site', value: '大阪工場' }])])).toBeNull();
  });

  it('breaks ties by name, then by id', () => {
    const c = [{ field: 'department' as const, value: '本社' }];
    expect(classify(diesel, [rule('2', 5, c, 'b'), rule('1', 5, c, 'c'), rule('3', 5, c, 'a')])?.id).toBe('3');
    expect(classify(diesel, [rule('z', 5, c, 'same'), rule('y', 5, c, 'same')])?.id).toBe('y');
  });

  it('compares values NFKC-normalised, trimmed and case-insensitively', () => {
    const r = record({ supplierCode: 'ab-001', productName: 'ﾀﾞﾝﾎﾞｰﾙ箱' });
    expect(classify(r, [rule('a', 1, [{ field: 'supplierCode', value: ' ＡＢ－００１ ' }])])?.id).toBe('a');
    expect(classify(r, [rule('a', 1, [{ field: 'productName', value: 'ダンボール箱' }])])?.id).toBe('a');
    expect(classify(r, [rule('a', 1, [{ field: 'supplierCode', value: 'AB-0011' }])])).toBeNull();
  });

  it('never matches a rule without conditions or with a blank value, nor a field the record lacks', () => {
    expect(classify(diesel, [rule('empty', 1, [])])).toBeNull();
    expect(classify(diesel, [rule('blank', 1, [{ field: 'accountCode', value: '5110' }, { field: 'site', value: '' }])])).toBeNull();
    expect(classify(record({}), [rule('a', 1, [{ field: 'site', value: '本社' }])])).toBeNull();
    expect(classify(diesel, [])).toBeNull();
  });
});

describe('ruleMatcher', () => {
  it('gives the same rule as classify on examples', () => {
    const rules = [
      rule('broad', 20, [{ field: 'accountCode', value: '5110' }]),
      rule('narrow', 10, [{ field: 'energyType', value: '軽油' }, { field: 'accountCode', value: '5110' }]),
      rule('empty', 0, []),
    ];
    const match = ruleMatcher(rules);
    for (const r of [record({ accountCode: '5110', energyType: '軽油' }), record({ accountCode: '5110' }), record({ energyType: '軽油' }), record({})]) {
      expect(match(r)).toBe(classify(r, rules));
    }
  });

  it('gives the same rule as classify on random rules and records', () => {
    // Few fields and values, so that conditions often hold and priorities and names often tie.
    const field = fc.constantFrom(...RULE_MATCH_FIELDS.slice(0, 4));
    const value = fc.constantFrom('a', 'A', 'ｂ', 'b ', 'c', '');
    const condition = fc.record({ field, value });
    const rules = fc.array(
      fc.record({ id: fc.constantFrom('r1', 'r2', 'r3', 'r4'), name: fc.constantFrom('x', 'y'), priority: fc.integer({ min: 0, max: 3 }), conditions: fc.array(condition, { maxLength: 3 }) }),
      { maxLength: 12 },
    );
    const text = fc.dictionary(field, value, { maxKeys: 4 });
    fc.assert(
      fc.property(rules, fc.array(text, { minLength: 1, maxLength: 20 }), (rs, texts) => {
        const match = ruleMatcher(rs);
        for (const t of texts) {
          const r = record(t);
          expect(match(r)).toBe(classify(r, rs));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('classifies 100,000 records against 1,000 rules quickly', () => {
    const rules = Array.from({ length: 1000 }, (_, i) =>
      rule(`r${i}`, i % 7, i % 2 === 0 ? [{ field: 'accountCode', value: `${5000 + (i % 300)}` }] : [{ field: 'supplierCode', value: `S${i}` }, { field: 'department', value: '本社' }]),
    );
    const records = Array.from({ length: 100_000 }, (_, i) => record({ accountCode: `${5000 + (i % 400)}`, supplierCode: `S${i % 1500}`, department: i % 3 === 0 ? '本社' : '東京工場' }));
    const match = ruleMatcher(rules);
    const started = performance.now();
    let matched = 0;
    for (const r of records) if (match(r)) matched++;
    expect(matched).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('suggestedConditions', () => {
  it('takes the most specific field the record has', () => {
    expect(suggestedConditions(record({ supplierCode: 'S1', accountCode: '5110', productCode: 'P1' }))).toEqual([{ field: 'accountCode', value: '5110' }]);
    expect(suggestedConditions(record({ supplierCode: 'S1', ideaCode: '123456000pJPN', productCode: 'P1' }))).toEqual([{ field: 'ideaCode', value: '123456000pJPN' }]);
    expect(suggestedConditions(record({ supplierCode: 'S1', transportMethod: 'トラック' }))).toEqual([{ field: 'transportMethod', value: 'トラック' }]);
    expect(suggestedConditions(record({ supplierCode: 'S1', supplierName: '株式会社山田商事' }))).toEqual([{ field: 'supplierCode', value: 'S1' }]);
  });

  it('suggests nothing when the record has none of those fields', () => {
    expect(suggestedConditions(record({ supplierName: '株式会社山田商事', department: '本社' }))).toEqual([]);
  });

  it('suggests a rule that matches the record', () => {
    const r = record({ productCode: 'P-100', supplierCode: 'S1' });
    expect(classify(r, [rule('s', 1, suggestedConditions(r))])?.id).toBe('s');
  });
});
