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
});
