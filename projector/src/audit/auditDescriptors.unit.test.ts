import { describe, expect, it } from 'vitest';
import { diffFields } from './auditDescriptors';

describe('audit field diff', () => {
  it('lists every field of a new entity as changed from null', () => {
    expect(diffFields(null, { rate: 150, currencyUnit: 'USD' }, false)).toEqual([
      { field: 'rate', before: null, after: 150 },
      { field: 'currencyUnit', before: null, after: 'USD' },
    ]);
  });
  it('lists only the fields whose values changed', () => {
    expect(diffFields({ rate: 150, currencyUnit: 'USD' }, { rate: 151, currencyUnit: 'USD' }, false)).toEqual([
      { field: 'rate', before: 150, after: 151 },
    ]);
  });
  it('reports a removal as every field going to null', () => {
    expect(diffFields({ rate: 150 }, null, false)).toEqual([{ field: 'rate', before: 150, after: null }]);
  });
  it('in a partial update, leaves unlisted fields out', () => {
    expect(diffFields({ language: 'ja', selectedCompanyId: 'c1' }, { language: 'en' }, true)).toEqual([
      { field: 'language', before: 'ja', after: 'en' },
    ]);
  });
  it('orders fields the same whichever order the stored state has them in (JSONB reorders keys)', () => {
    const event = { fiscalYear: 2031, currencyUnit: 'EUR', rate: 161 };
    const fromMemory = { fiscalYear: 2031, currencyUnit: 'EUR', rate: 160, note: 'x' };
    const fromJsonb = { rate: 160, note: 'x', fiscalYear: 2031, currencyUnit: 'EUR' };
    expect(diffFields(fromJsonb, event, false)).toEqual(diffFields(fromMemory, event, false));
    expect(diffFields(fromJsonb, null, false)).toEqual(diffFields(fromMemory, null, false));
    expect(diffFields(fromJsonb, null, false).map((c) => c.field)).toEqual(['currencyUnit', 'fiscalYear', 'note', 'rate']);
  });
  it('tells a value from null and from a value of another type', () => {
    expect(diffFields({ a: 0, b: '1', c: null }, { a: null, b: 1, c: 0 }, false).map((c) => c.field)).toEqual(['a', 'b', 'c']);
    expect(diffFields({ a: [1] }, { a: [1] }, false)).toEqual([]);
  });
  it('sees no change in a nested value whose keys only moved', () => {
    expect(diffFields({ basis: { a: 1, b: [1, 2] } }, { basis: { b: [1, 2], a: 1 } }, false)).toEqual([]);
    expect(diffFields({ basis: { a: 1, b: [1, 2] } }, { basis: { b: [2, 1], a: 1 } }, false)).toHaveLength(1);
  });
});
