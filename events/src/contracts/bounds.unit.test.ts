import { describe, expect, it } from 'vitest';
import { beyondBounds, extremeData, extremeText, unboundedFields } from '../testing/contractExtremes';
import { eventContracts } from './index';
import { findUnstorableText, isIsoDate, isStorableText, LIMITS } from './bounds';

const contracts = [...eventContracts.values()];

describe('every event contract is bounded', () => {
  it('has a length bound on every text, a range within ±10^15 on every number and a size on every list', () => {
    const problems = contracts.flatMap((c) => unboundedFields(c.schema).map((p) => `${c.type}.${p}`));
    expect(problems).toEqual([]);
  });

  it.each(contracts.map((c) => [c.type, c] as const))('%s accepts its own largest and smallest data', (_, contract) => {
    for (const extreme of ['max', 'min'] as const) {
      const result = contract.schema.safeParse(extremeData(contract, extreme));
      expect(result.success, `${extreme}: ${JSON.stringify(result.error?.issues.slice(0, 3))}`).toBe(true);
    }
  });

  // An activity line has hundreds of bounded fields, each pushed past its bound on the largest data: seconds of work.
  it.each(contracts.map((c) => [c.type, c] as const))('%s refuses every field pushed past its bound', { timeout: 30_000 }, (_, contract) => {
    const cases = beyondBounds(contract);
    expect(cases.length).toBeGreaterThan(0);
    const accepted = cases.filter((c) => contract.schema.safeParse(c.data).success).map((c) => `${c.path}: ${c.what}`);
    expect(accepted).toEqual([]);
  });
});

describe('bounded primitives', () => {
  it('extremeText has exactly the code points asked for, is storable, and distinct per salt', () => {
    for (const length of [0, 1, 2, 3, 128, 4000]) {
      const text = extremeText(length, 5);
      expect([...text].length).toBe(length);
      expect(isStorableText(text)).toBe(true);
    }
    expect(extremeText(10, 1)).not.toBe(extremeText(10, 2));
  });

  it('storable text excludes NUL and lone surrogates, not surrogate pairs', () => {
    expect(isStorableText('𠮷 漢字 é')).toBe(true);
    expect(isStorableText('a\u0000')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udc00')).toBe(false);
  });

  it('ISO dates exist and lie within the accepted years', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate(`${LIMITS.maxYear + 1}-01-01`)).toBe(false);
    expect(isIsoDate('2025/04/01')).toBe(false);
  });

  it('finds unstorable text in values and keys at any depth, and nesting deeper than a command needs', () => {
    expect(findUnstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(findUnstorableText({ a: { 'k\ud800': 1 } })).toBe('a');
    expect(findUnstorableText({ a: ['fine', 1, null, true] })).toBeNull();
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100; i++) deep = { d: deep };
    expect(findUnstorableText(deep)).not.toBeNull();
  });
});
