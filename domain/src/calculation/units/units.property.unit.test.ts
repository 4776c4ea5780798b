import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convert, quantity } from './quantity';

/**
 * Values people and spreadsheets enter: decimals with at most 15 significant digits (every such
 * decimal has its own double and prints back as itself).
 */
const digitsAndExponent = fc.tuple(fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }), fc.integer({ min: -12, max: 6 }));
const enteredDecimal = digitsAndExponent.map(([mantissa, exp]) => Number(`${mantissa}e${exp}`));

/** Distance between adjacent doubles at x. */
const ulp = (x: number) => 2 ** (Math.floor(Math.log2(Math.abs(x))) - 52);

const POWER_OF_TEN_PAIRS: [string, string][] = [
  ['kL', 'L'],
  ['t', 'kg'],
  ['GJ', 'MJ'],
  ['thousand_m3', 'm3'],
  ['thousand_kWh', 'kWh'],
  ['MWh', 'kWh'],
  ['kt', 't'],
  ['g', 'kg'],
  ['million_JPY', 'JPY'],
  ['thousand_tkm', 'tkm'],
  ['thousand_Nm3', 'Nm3'],
];

const OTHER_PAIRS: [string, string][] = [
  ['gal', 'L'],
  ['mmBtu', 'GJ'],
  ['kWh', 'MJ'],
  ['ton_mile', 'tkm'],
  ['mile', 'km'],
  ['lb', 'kg'],
];

const conv = (v: number, from: string, to: string) => {
  const r = convert(quantity(v, from), to);
  if (!r.ok) throw new Error(r.error);
  return r.value.value;
};

describe('conversion round-trips (fast-check)', () => {
  it('are exact for every power-of-ten conversion and every entered decimal', () => {
    fc.assert(
      fc.property(enteredDecimal, fc.constantFrom(...POWER_OF_TEN_PAIRS), (v, [a, b]) => {
        expect(conv(conv(v, a, b), b, a)).toBe(v);
        expect(conv(conv(v, b, a), a, b)).toBe(v);
      }),
      { numRuns: 5000 },
    );
  });

  it('a power-of-ten conversion equals the decimal shift of the entered digits', () => {
    fc.assert(
      fc.property(digitsAndExponent, ([mantissa, exp]) => {
        const v = Number(`${mantissa}e${exp}`);
        expect(conv(v, 'kL', 'L')).toBe(Number(`${mantissa}e${exp + 3}`));
        expect(conv(v, 'L', 'kL')).toBe(Number(`${mantissa}e${exp - 3}`));
      }),
      { numRuns: 2000 },
    );
  });

  // Each direction is correctly rounded (≤ ½ ulp), and the intermediate is re-read as its shortest
  // decimal, so a round trip is bounded by |s/f − v| ≤ ulp(w)/f ≤ 2 ulp(v), an integer count of ulps.
  it('other exact factors round-trip to within two units in the last place', () => {
    fc.assert(
      fc.property(enteredDecimal.filter((v) => v !== 0), fc.constantFrom(...OTHER_PAIRS), (v, [a, b]) => {
        const back = conv(conv(v, a, b), b, a);
        expect(Math.abs(back - v)).toBeLessThanOrEqual(2 * ulp(v));
      }),
      { numRuns: 20000 },
    );
  });
});
