/**
 * Exact rational numbers over bigint. Unit conversion factors (1 gallon = 3.785411784 L, 1 Btu =
 * 1055.05585262 J, 44/12 …) are exact decimals or fractions; we keep them exact and round only once,
 * when a result becomes a JavaScript number again. This is why 1.1 kL is 1100 L here and not
 * 1100.0000000000002: the number 1.1 is read as the decimal the user typed (its shortest round-trip
 * form), multiplied exactly, and rounded to the nearest double.
 */
export interface Rational {
  /** Numerator; carries the sign. */
  readonly n: bigint;
  /** Denominator, always > 0; n/d is fully reduced. */
  readonly d: bigint;
}

const abs = (x: bigint) => (x < 0n ? -x : x);

function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function rational(n: bigint, d: bigint = 1n): Rational {
  if (d === 0n) throw new RangeError('rational: zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

export const ONE = rational(1n);

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** '3.785411784', '-2.5e-3', '44/12' → exact rational. Throws on anything else (data is ours). */
export function parseRational(text: string): Rational {
  const slash = text.indexOf('/');
  if (slash >= 0) return div(parseRational(text.slice(0, slash)), parseRational(text.slice(slash + 1)));
  const m = DECIMAL.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new RangeError(`not a decimal: ${text}`);
  const frac = m[3] ?? '';
  const exp = Number(m[4] ?? 0) - frac.length;
  let n = BigInt((m[2] || '0') + frac);
  if (m[1] === '-') n = -n;
  return exp >= 0 ? rational(n * 10n ** BigInt(exp)) : rational(n, 10n ** BigInt(-exp));
}

/** The decimal a double stands for: its shortest round-trip representation (what the user typed). */
export function fromNumber(v: number): Rational {
  if (!Number.isFinite(v)) throw new RangeError(`not a finite number: ${v}`);
  return parseRational(String(v));
}

export const mul = (a: Rational, b: Rational): Rational => rational(a.n * b.n, a.d * b.d);
export const div = (a: Rational, b: Rational): Rational => rational(a.n * b.d, a.d * b.n);
export const add = (a: Rational, b: Rational): Rational => rational(a.n * b.d + b.n * a.d, a.d * b.d);
export const equals = (a: Rational, b: Rational): boolean => a.n === b.n && a.d === b.d;

/** k when r = 10^k exactly (k may be negative), else null: such conversions are pure decimal shifts. */
export function powerOfTen(r: Rational): number | null {
  const test = (x: bigint): number | null => {
    let k = 0;
    while (x > 1n && x % 10n === 0n) {
      x /= 10n;
      k++;
    }
    return x === 1n ? k : null;
  };
  if (r.n <= 0n) return null;
  if (r.d === 1n) return test(r.n);
  if (r.n === 1n) {
    const k = test(r.d);
    return k === null ? null : -k;
  }
  return null;
}

const bitLength = (x: bigint) => x.toString(2).length;
const TWO_53 = 2n ** 53n;

/**
 * Nearest double to n/d, ties to even: one correctly rounded step from the exact value. (Values
 * outside the normal double range, which no activity data reaches, fall back to plain division.)
 */
export function toNumber(r: Rational): number {
  if (r.n === 0n) return 0;
  const sign = r.n < 0n ? -1 : 1;
  const n = abs(r.n);
  const d = r.d;
  let e = bitLength(n) - bitLength(d) - 53;
  let q: bigint;
  let rem: bigint;
  let den: bigint;
  for (;;) {
    const num = e < 0 ? n << BigInt(-e) : n;
    den = e > 0 ? d << BigInt(e) : d;
    q = num / den;
    rem = num - q * den;
    if (q < TWO_53) break;
    e++;
  }
  const twice = rem * 2n;
  if (twice > den || (twice === den && (q & 1n) === 1n)) q += 1n;
  if (e < -1074 + 53 || e > 1023 - 53) return sign * (Number(n) / Number(d));
  return sign * Number(q) * 2 ** e;
}

export function toString(r: Rational): string {
  return r.d === 1n ? r.n.toString() : `${r.n}/${r.d}`;
}
