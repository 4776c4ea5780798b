import { describe, expect, it } from 'vitest';
import { boundedJsonObject, LIMITS } from './bounds';

/** The free-form JSON a scope setting's detail may hold: nothing unbounded or unstorable enters the log. */
describe('boundedJsonObject', () => {
  const schema = boundedJsonObject();
  const ok = (value: unknown) => schema.safeParse(value).success;
  const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });

  it('takes objects of text, quantities, booleans, null, lists and objects', () => {
    expect(ok({})).toBe(true);
    expect(ok({ fuel: '軽油', amount: 1.5, on: true, none: null, list: [1, 'x'], gwp: { components: [{ gas: 'HFC-32', massFraction: 0.5 }] } })).toBe(true);
  });

  it('refuses what is not an object, NaN and Infinity, NUL and lone surrogates in values and keys', () => {
    for (const value of [null, [], 'text', 1]) expect(ok(value), JSON.stringify(value)).toBe(false);
    expect(ok({ a: Number.NaN })).toBe(false);
    expect(ok({ a: Number.POSITIVE_INFINITY })).toBe(false);
    expect(ok({ a: LIMITS.maxQuantity * 2 })).toBe(false);
    expect(ok({ a: 'x\u0000y' })).toBe(false);
    expect(ok({ a: 'x\ud800y' })).toBe(false);
    expect(ok({ 'k\u0000': 1 })).toBe(false);
    expect(ok({ a: { b: ['\udc00'] } })).toBe(false);
  });

  it(`refuses nesting deeper than ${LIMITS.maxJsonDepth}, lists and objects beyond ${LIMITS.maxListLength} entries, and JSON beyond ${LIMITS.maxJsonLength} characters`, () => {
    expect(ok(nested(LIMITS.maxJsonDepth))).toBe(true);
    expect(ok(nested(LIMITS.maxJsonDepth + 1))).toBe(false);
    expect(ok({ a: Array.from({ length: LIMITS.maxListLength }, () => 1) })).toBe(true);
    expect(ok({ a: Array.from({ length: LIMITS.maxListLength + 1 }, () => 1) })).toBe(false);
    expect(ok(Object.fromEntries(Array.from({ length: LIMITS.maxListLength + 1 }, (_, i) => [`k${i}`, 1])))).toBe(false);
    expect(ok({ a: 'x'.repeat(LIMITS.longTextLength + 1) })).toBe(false);
    const big = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, 'x'.repeat(LIMITS.longTextLength)]));
    expect(JSON.stringify(big).length).toBeGreaterThan(LIMITS.maxJsonLength);
    expect(ok(big)).toBe(false);
  });
});
