import { fromNumber, mul, powerOfTen, toNumber, type Rational } from './rational';

/**
 * Converts a number by an exact factor with decimal semantics: the number is taken as the decimal
 * it prints as, multiplied exactly, and rounded once. Consequences, each proved in the tests:
 * - power-of-ten factors (kL↔L, t↔kg, GJ↔MJ, 千m³↔m³, 千kWh↔kWh) shift the decimal point exactly,
 *   so a round trip returns the same number for every value with at most 15 significant digits
 *   (any value a person or a spreadsheet enters);
 * - other exact factors (gallons, miles, Btu, ton-miles) give the correctly rounded result.
 * Integers times or over 10^k take the float fast path: for an integer the binary and decimal
 * values coincide, and IEEE multiplication and division are already correctly rounded.
 */
export function convertNumber(value: number, factor: Rational): number {
  const k = powerOfTen(factor);
  if (k !== null) return shiftDecimal(value, k);
  return toNumber(mul(fromNumber(value), factor));
}

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i); // 10^0..10^22 are exact doubles

export function shiftDecimal(value: number, k: number): number {
  if (k === 0 || value === 0 || !Number.isFinite(value)) return value;
  if (Number.isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER && Math.abs(k) <= 22) {
    return k > 0 ? value * POW10[k]! : value / POW10[-k]!;
  }
  // The shortest round-trip string has at most 17 significant digits; ECMAScript parses a decimal
  // of at most 20 significant digits to the correctly rounded double, so this is exact.
  const s = String(value);
  const e = s.indexOf('e');
  return e < 0 ? Number(`${s}e${k}`) : Number(`${s.slice(0, e)}e${Number(s.slice(e + 1)) + k}`);
}

/**
 * The product of two entered decimals, rounded once (0.087 t × 423 km = 36.801 t·km, where plain
 * float multiplication gives 36.800999999999995). Integer products below 2^53 are already exact.
 */
export function multiplyDecimals(a: number, b: number): number {
  const p = a * b;
  if (Number.isInteger(a) && Number.isInteger(b) && Math.abs(p) <= Number.MAX_SAFE_INTEGER) return p;
  if (!Number.isFinite(p)) return p;
  return toNumber(mul(fromNumber(a), fromNumber(b)));
}
