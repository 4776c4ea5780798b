import { lineError, type CalculationWarning } from '../errors';
import type { Env } from '../engine/env';
import type { EmissionFactor, StagePolicy, Terms } from '../engine/terms';
import { parseEmissionMass } from '../factors/factorUnit';
import type { FactorUse } from '../factors/types';
import type { CalculationSuccess, GasKey } from '../types';
import { convertNumber, multiplyDecimals, shiftDecimal } from '../units/convert';
export { multiplyDecimals };
import { conversionFactor, parseUnit, unit as unitById, type Unit } from '../units/parse';
import type { Rational } from '../units/rational';
import type { Inputs } from './define';

/**
 * The toolkit formulas are written with. Readers validate one input and return a plain number
 * (no Quantity objects on the hot path); `emit` adds activity × factor to the result. Everything
 * that fails throws LineError, which the engine turns into a failure result naming the field.
 */

const conversions = new Map<string, Map<string, Rational | null>>();

function factorBetween(from: Unit, to: Unit): Rational | null {
  let m = conversions.get(from.id);
  if (!m) conversions.set(from.id, (m = new Map()));
  let f = m.get(to.id);
  if (f === undefined) m.set(to.id, (f = conversionFactor(from, to)));
  return f;
}

function finite(v: unknown, key: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) return lineError('invalid_number', key);
  return v;
}

/**
 * A quantity input in `unit`: a plain number is already in `unit`; `{ value, unit }` is converted
 * exactly (decimal semantics) or rejected as unit_mismatch.
 */
export function quantityIn(inputs: Inputs, key: string, unit: Unit, required = true): number {
  const raw = inputs[key];
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : lineError('invalid_number', key);
  if (raw === undefined || raw === null || raw === '') return required ? lineError('missing_input', key) : Number.NaN;
  if (typeof raw !== 'object' || !('value' in raw) || !('unit' in raw)) return lineError('invalid_input', key);
  const value = finite(raw.value, key);
  if (raw.unit === unit.id) return value;
  const u = parseUnit(String(raw.unit));
  if (!u.ok) return lineError(u.error, key, String(raw.unit));
  if (u.value.id === unit.id) return value;
  const f = factorBetween(u.value, unit);
  if (!f) return lineError('unit_mismatch', key, `${u.value.symbol} (${u.value.dimension}) where ${unit.symbol} (${unit.dimension}) is expected`);
  return convertNumber(value, f);
}

/** Like quantityIn, with a default when absent. */
export const quantityOr = (inputs: Inputs, key: string, unit: Unit, fallback: number): number => {
  const v = quantityIn(inputs, key, unit, false);
  return Number.isNaN(v) ? fallback : v;
};

/** The numeric part of an activity whose unit follows the factor (see `unitOf`). */
export function amountOf(inputs: Inputs, key: string): number {
  const raw = inputs[key];
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : lineError('invalid_number', key);
  if (raw === undefined || raw === null || raw === '') return lineError('missing_input', key);
  if (typeof raw !== 'object' || !('value' in raw)) return lineError('invalid_input', key);
  return finite(raw.value, key);
}

/** The unit text of an activity input; undefined for a plain number (read in the factor's unit). */
export function unitOf(inputs: Inputs, key: string): string | undefined {
  const raw = inputs[key];
  if (typeof raw === 'object' && raw !== null && 'unit' in raw) {
    if (typeof raw.unit !== 'string') return lineError('invalid_input', key, 'unit');
    return raw.unit;
  }
  return undefined;
}

export const has = (inputs: Inputs, key: string): boolean => inputs[key] !== undefined && inputs[key] !== null && inputs[key] !== '';

/** A percentage field → fraction in [0, 1]. A plain number is in %; `{ value, unit: 'ratio' }` is a fraction. */
export function fraction(inputs: Inputs, key: string, required = true, fallback = Number.NaN): number {
  if (!has(inputs, key)) return required ? lineError('missing_input', key) : fallback;
  const raw = inputs[key];
  const f = typeof raw === 'number' ? shiftDecimal(finite(raw, key), -2) : quantityIn(inputs, key, RATIO);
  if (!(f >= 0 && f <= 1)) return lineError('percentage_out_of_range', key, String(f * 100));
  return f;
}

export function option<T extends string>(inputs: Inputs, key: string, options: readonly T[], fallback?: T): T {
  const v = inputs[key];
  if (v === undefined || v === null || v === '') return fallback ?? lineError('missing_input', key);
  if (typeof v !== 'string' || !(options as readonly string[]).includes(v)) return lineError('invalid_option', key, String(v));
  return v as T;
}

/** A CO2_EMISSION input → kg CO2e. Plain numbers are kg CO2e; otherwise 't-CO2e', 'kg-CO2', … */
export function emissionsKg(inputs: Inputs, key: string): number {
  const raw = inputs[key];
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : lineError('invalid_number', key);
  if (raw === undefined || raw === null) return lineError('missing_input', key);
  if (typeof raw !== 'object' || !('value' in raw) || typeof raw.unit !== 'string') return lineError('invalid_input', key);
  const value = finite(raw.value, key);
  const m = parseEmissionMass(raw.unit);
  if (!m || (m.species !== 'CO2e' && m.species !== 'CO2')) return lineError('unit_mismatch', key, `${raw.unit} is not a mass of CO2e`);
  const f = factorBetween(m.mass, KG)!;
  return convertNumber(value, f);
}

// ---- adding to the result ----------------------------------------------------------------

/** Records factor uses and their validity warnings on the result. */
export function used(env: Env, r: CalculationSuccess, resolved: { uses: readonly FactorUse[] }): void {
  r.factors = r.factors.length === 0 ? resolved.uses : concatUses(r.factors, resolved.uses);
  const w = env.validityWarnings(resolved, r.fiscalYear);
  if (w.length > 0) warn(r, w);
}

/**
 * Lines of one formula use the same few factor combinations, so the combined provenance lists are
 * memoised: results share them instead of allocating a new array per line. (Never mutated.)
 */
const combined = new WeakMap<readonly FactorUse[], WeakMap<readonly FactorUse[], readonly FactorUse[]>>();
function concatUses(a: readonly FactorUse[], b: readonly FactorUse[]): readonly FactorUse[] {
  let m = combined.get(a);
  if (!m) combined.set(a, (m = new WeakMap()));
  let c = m.get(b);
  if (!c) m.set(b, (c = Object.freeze([...a, ...b])));
  return c;
}

export function warn(r: CalculationSuccess, w: readonly CalculationWarning[]): void {
  r.warnings = r.warnings.length === 0 ? w : [...r.warnings, ...w];
}

/** Adds `amount` (in `unitText`, or the factor's own unit when undefined) × factor to the result. */
export function emit(
  env: Env,
  r: CalculationSuccess,
  factor: EmissionFactor,
  amount: number,
  unitText: string | undefined,
  policy: StagePolicy,
  field: string,
  label?: string,
): Terms {
  const t = factor.terms(unitText, policy, field);
  if (t.empty) lineError('factor_stage_not_allowed', field, `${factor.use.ref} has no ${policy === 'upstream' ? 'WTT' : 'direct'} values`);
  used(env, r, factor);
  addTerms(r, t, amount);
  if (r.steps) {
    const unitName = symbolOf(unitText) ?? factor.denominator.symbol;
    step(r, label ?? field, `${amount} ${unitName} × ${t.co2e} kg-CO2e/${unitName}`, amount * t.co2e, 'kg-CO2e');
  }
  return t;
}

export function addTerms(r: CalculationSuccess, t: Terms, amount: number): void {
  r.co2eKg += amount * t.co2e;
  const g = r.gasesKg;
  const keys = t.keys;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    g[k] = (g[k] ?? 0) + amount * t.kg[i]!;
  }
  const s = r.stages;
  if (s) {
    s.wttKg += amount * t.wtt;
    s.ttwKg += amount * t.ttw;
    s.wtwKg += amount * t.co2e;
    if (t.unstaged !== 0 && amount !== 0 && !r.warnings.some((w) => w.code === 'stage_split_incomplete')) warn(r, STAGE_SPLIT);
  }
}

/** Adds kg of one gas (already a mass of gas, e.g. refrigerant leaked) weighted by `gwp`. */
export function addGas(r: CalculationSuccess, key: GasKey, kg: number, gwp: number): void {
  r.gasesKg[key] = (r.gasesKg[key] ?? 0) + kg;
  r.co2eKg += kg * gwp;
  if (r.stages) {
    r.stages.ttwKg += kg * gwp;
    r.stages.wtwKg += kg * gwp;
  }
}

/** Adds reported CO2e that is not split by gas (investee emissions, supplier-allocated totals). */
export function addCo2e(r: CalculationSuccess, kg: number): void {
  addGas(r, 'CO2e', kg, 1);
}

export function step(r: CalculationSuccess, label: string, expression: string, value: number, unit: string): void {
  r.steps?.push({ label, expression: tidy(expression), value, unit });
}

/** Explanations show 12 significant digits: 471.25, not the binary artefact 471.25000000000006. */
const tidy = (expression: string) => expression.replace(/\d+\.\d{10,}/g, (m) => String(Number(Number(m).toPrecision(12))));

/** The display symbol of a unit as entered ('キロリットル' → 'kL'); the text itself if it does not parse. */
export function symbolOf(unitText: string | undefined): string | undefined {
  if (unitText === undefined) return undefined;
  const u = parseUnit(unitText);
  return u.ok ? u.value.symbol : unitText;
}

export const KG = unitById('kg');
export const RATIO = unitById('ratio');
export const u = unitById;

const STAGE_SPLIT: readonly CalculationWarning[] = [
  { code: 'stage_split_incomplete', detail: 'a factor without WTT/TTW split counts in WTW only' },
];

