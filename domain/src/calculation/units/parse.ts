import { fail, ok, type Result } from '../result';
import { div, type Rational } from './rational';
import { UNITS, UNIT_BY_ID, type Dimension, type UnitDef } from './catalogue';

export type UnitParseError = 'unknown_unit' | 'ambiguous_unit';

/** A resolved unit: a catalogue unit, or a compound `a/b` (km/L, L/h, kWh/year …). */
export interface Unit {
  readonly id: string;
  /** A catalogue Dimension, or 'a/b' for a compound ('distance/volume' for km/L). */
  readonly dimension: Dimension | (string & {});
  readonly factor: Rational;
  readonly symbol: string;
}

/**
 * Spellings that mean two different units in practice. We refuse them instead of guessing:
 * 'ton' is a metric tonne in Japan and a short ton in the US; キロ is km or kg; ポンド is a pound of
 * mass or of money; '$' is any dollar.
 */
const AMBIGUOUS = new Set(['ton', 'tons', 'キロ', 'ポンド', '$', '£']);

/**
 * Canonical lookup key: Unicode NFKC (full-width ｋＬ → kL, ㎥ → m3, ³ → 3, ℓ → l), lower case, and
 * without spaces, middle dots, hyphens and carets, so 't·km', 't・km', 't-km' and 'tkm' meet.
 * The catalogue test checks that no two units collide under this key.
 */
export function unitKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s·・･\-‐−^_.]/g, '');
}

const BY_KEY: ReadonlyMap<string, UnitDef> = (() => {
  const m = new Map<string, UnitDef>();
  for (const u of UNITS) for (const spelling of [u.id, u.symbol, ...u.aliases]) m.set(unitKey(spelling), u);
  return m;
})();

const AMBIGUOUS_KEYS = new Set([...AMBIGUOUS].map(unitKey));

function parseSimple(text: string): Result<UnitDef, UnitParseError> {
  const byId = UNIT_BY_ID.get(text);
  if (byId) return ok(byId);
  const key = unitKey(text);
  if (AMBIGUOUS_KEYS.has(key)) return fail('ambiguous_unit', text);
  const u = BY_KEY.get(key);
  return u ? ok(u) : fail('unknown_unit', text);
}

const compoundCache = new Map<string, Result<Unit, UnitParseError>>();

/**
 * Parses a unit in any catalogue spelling ('kl', 'キロリットル', '千m3', 'thousand kWh', 'ｔ', …) or a
 * compound 'a/b' ('km/L', 'L/h', 'kWh/年'). Results are memoised: parsing is pure and the set of
 * spellings in real data is small, so the hot path pays one map lookup.
 */
export function parseUnit(text: string): Result<Unit, UnitParseError> {
  const cached = compoundCache.get(text);
  if (cached) return cached;
  let result: Result<Unit, UnitParseError>;
  const normal = text.normalize('NFKC');
  const slash = normal.indexOf('/');
  if (slash < 0 || UNIT_BY_ID.has(text)) {
    result = parseSimple(text);
  } else {
    const a = parseSimple(normal.slice(0, slash).trim());
    const b = parseSimple(normal.slice(slash + 1).trim());
    if (!a.ok) result = a;
    else if (!b.ok) result = b;
    else result = ok(compound(a.value, b.value));
  }
  if (compoundCache.size < 10_000) compoundCache.set(text, result);
  return result;
}

export function compound(a: Unit, b: Unit): Unit {
  return {
    id: `${a.id}/${b.id}`,
    dimension: `${a.dimension}/${b.dimension}`,
    factor: div(a.factor, b.factor),
    symbol: `${a.symbol}/${b.symbol}`,
  };
}

/** Exact factor that turns a value in `from` into a value in `to`, or null across dimensions. */
export function conversionFactor(from: Unit, to: Unit): Rational | null {
  if (from.dimension !== to.dimension) return null;
  return div(from.factor, to.factor);
}

/** Convenience for catalogue ids known at compile time; throws on a typo (a programming error). */
export function unit(id: string): Unit {
  const r = parseUnit(id);
  if (!r.ok) throw new Error(`unknown unit id: ${id}`);
  return r.value;
}

