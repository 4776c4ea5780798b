import { DEFAULT_CURRENCY_RATE } from '../../settings/currency/currencyRates';
import { DEFAULT_START_MONTH, fiscalYearDates } from '../../settings/fiscalYear/fiscalYear';
import { lineError, type CalculationErrorCode, type CalculationWarning } from '../errors';
import { parseFactorUnit, type FactorUnit } from '../factors/factorUnit';
import { createLibrary, SHIPPED_LIBRARY, splitRef, type FactorLibrary } from '../factors/library';
import type { CoefficientsEntry, FactorEntry, FactorSet, FactorUse, Validity } from '../factors/types';
import { GWP_SET_BY_ID, type GwpSet } from '../gwp/sets';
import { SHIPPED_FACTOR_SETS } from '../factors/data';
import { fail, ok, type Result } from '../result';
import type { CalculationContext, GwpSetRef, InputValue } from '../types';
import { parseUnit, type Unit } from '../units/parse';
import { div, fromNumber, mul, toNumber, type Rational } from '../units/rational';
import { EmissionFactor } from './terms';

/** A factor resolved to a number in the units a formula asks for, with its provenance. */
export interface ResolvedQuantity {
  readonly value: number;
  /** The exact value, for products computed once per batch (heating value × carbon coefficient). */
  readonly exact: Rational;
  /** The unit the value is per. */
  readonly per: Unit;
  readonly use: FactorUse;
  readonly uses: readonly FactorUse[];
}

export interface ResolvedCoefficients {
  readonly coefficients: Readonly<Record<string, number>>;
  readonly use: FactorUse;
  readonly uses: readonly FactorUse[];
}

/**
 * The compiled context of one batch: pinned factor sets, the GWP table, currency rates, and caches
 * of everything resolved so far. Formulas ask it for factors by the line's input; each distinct
 * input is resolved once per batch.
 */
export class Env {
  readonly gwp: GwpSet;
  readonly gwpRef: GwpSetRef;
  readonly explain: boolean;
  private readonly emissionCache = new Map<string, EmissionFactor>();
  private readonly customEmissionCache = new WeakMap<object, EmissionFactor>();
  private readonly customByContent = new Map<string, EmissionFactor>();
  private readonly quantityCache = new Map<string, ResolvedQuantity>();
  private readonly coefficientCache = new Map<string, ResolvedCoefficients>();
  private readonly validityCache = new WeakMap<object, Map<number, readonly CalculationWarning[]>>();
  private readonly rates = new Map<number, Map<string, RateUse>>();
  private readonly fyStartMonth: number;

  private constructor(
    readonly context: CalculationContext,
    readonly library: FactorLibrary,
    readonly pins: ReadonlyMap<string, FactorSet>,
    gwp: GwpSet,
  ) {
    this.gwp = gwp;
    this.gwpRef = { id: gwp.id, version: gwp.version };
    this.explain = context.explain === true;
    this.fyStartMonth = context.fiscalYearStartMonth ?? DEFAULT_START_MONTH;
    for (const r of context.currencyRates ?? []) {
      let m = this.rates.get(r.fiscalYear);
      if (!m) this.rates.set(r.fiscalYear, (m = new Map()));
      m.set(r.currencyUnit.trim().toUpperCase(), { rate: r.rate, warnings: NONE });
    }
  }

  static create(context: CalculationContext): Result<Env, CalculationErrorCode> {
    if (!context || typeof context.factorSets !== 'object' || context.factorSets === null) return fail('invalid_context', 'factorSets');
    if (!Number.isInteger(context.fiscalYear)) return fail('invalid_context', 'fiscalYear');
    const m = context.fiscalYearStartMonth;
    if (m !== undefined && !(Number.isInteger(m) && m >= 1 && m <= 12)) return fail('invalid_context', 'fiscalYearStartMonth');
    for (const r of context.currencyRates ?? []) {
      if (typeof r?.currencyUnit !== 'string' || !Number.isInteger(r.fiscalYear) || !(Number.isFinite(r.rate) && r.rate > 0)) {
        return fail('invalid_context', `currency rate ${r?.currencyUnit} ${r?.fiscalYear}`);
      }
    }
    const gwp = GWP_SET_BY_ID.get(context.gwpSet);
    if (!gwp) return fail('gwp_set_not_found', String(context.gwpSet));
    let library = SHIPPED_LIBRARY;
    if (context.customFactorSets?.length) {
      try {
        library = createLibrary([...SHIPPED_FACTOR_SETS, ...context.customFactorSets]);
      } catch (e) {
        return fail('invalid_context', (e as Error).message);
      }
    }
    const pins = new Map<string, FactorSet>();
    for (const [id, version] of Object.entries(context.factorSets)) {
      const set = library.get(id, version);
      if (!set) return fail('factor_set_not_found', `${id}@${version}`);
      pins.set(id, set);
    }
    return ok(new Env(context, library, pins, gwp));
  }

  private entry(ref: string, field: string): { set: FactorSet; entry: FactorEntry } {
    const parts = splitRef(ref);
    if (!parts) return lineError('factor_not_found', field, ref);
    const set = this.pins.get(parts.setId);
    if (!set) {
      // Known set, but the context did not say which version: never guess.
      const known = this.library.versions(parts.setId).length > 0;
      return lineError(known ? 'factor_set_not_pinned' : 'factor_not_found', field, ref);
    }
    const entry = this.library.entry(set, parts.key);
    if (!entry) return lineError('factor_not_found', field, `${ref} in ${set.id}@${set.version}`);
    return { set, entry };
  }

  private useOf(ref: string, set: FactorSet, entry: FactorEntry): FactorUse {
    const values = entry.kind === 'emission' ? entry.components : entry.kind === 'quantity' ? [{ value: entry.value, unit: entry.unit }] : entry.coefficients;
    return { ref, setId: set.id, version: set.version, key: entry.key, confirmed: entry.confirmed, values, origin: 'library' };
  }

  /** An emission factor from a library reference or a value on the line. */
  emission(input: InputValue, field: string): EmissionFactor {
    if (typeof input === 'string') return this.emissionRef(input, field);
    if (input === null || typeof input !== 'object') return lineError(input === undefined ? 'missing_input' : 'invalid_input', field);
    if ('factor' in input && typeof input.factor === 'string') return this.emissionRef(input.factor, field);
    let f = this.customEmissionCache.get(input);
    if (f) return f;
    const c = input as { value?: unknown; unit?: unknown; stage?: unknown; label?: unknown };
    if (typeof c.value !== 'number' || !Number.isFinite(c.value)) return lineError('invalid_number', field);
    if (typeof c.unit !== 'string') return lineError('missing_input', field, 'unit');
    const stage = c.stage === 'WTT' || c.stage === 'TTW' ? c.stage : undefined;
    // Lines parsed from JSON carry equal values in distinct objects: share by content as well.
    const contentKey = `${c.value}\u0000${c.unit}\u0000${stage ?? ''}\u0000${typeof c.label === 'string' ? c.label : ''}`;
    f = this.customByContent.get(contentKey);
    if (f) {
      this.customEmissionCache.set(input, f);
      return f;
    }
    const unit = this.factorUnit(c.unit, field);
    const use: FactorUse = {
      ref: 'custom',
      setId: 'custom',
      version: '',
      key: typeof c.label === 'string' ? c.label : '',
      confirmed: true,
      values: [{ value: c.value, unit: c.unit, ...(stage ? { stage } : {}) }],
      origin: 'line',
    };
    f = new EmissionFactor(use, [{ value: c.value, unit, stage }], this.gwp, field);
    this.customEmissionCache.set(input, f);
    if (this.customByContent.size < 100_000) this.customByContent.set(contentKey, f);
    return f;
  }

  private emissionRef(ref: string, field: string): EmissionFactor {
    let f = this.emissionCache.get(ref);
    if (f) return f;
    const { set, entry } = this.entry(ref, field);
    if (entry.kind !== 'emission') return lineError('factor_kind_mismatch', field, `${ref} is a ${entry.kind}, not an emission factor`);
    const comps = entry.components.map((c) => ({ value: c.value, unit: this.factorUnit(c.unit, field), stage: c.stage === 'WTW' ? undefined : c.stage }));
    f = new EmissionFactor(this.useOf(ref, set, entry), comps, this.gwp, field);
    this.validity.set(f, entry.valid ?? set.valid);
    this.emissionCache.set(ref, f);
    return f;
  }

  private readonly validity = new WeakMap<object, Validity | undefined>();

  private factorUnit(text: string, field: string): FactorUnit {
    const u = parseFactorUnit(text);
    if (!u.ok) return lineError(u.error, field, text);
    return u.value;
  }

  /**
   * A physical quantity (heating value, carbon coefficient, fuel economy…) in the units asked for:
   * `num` per `den`. `species` is the numerator species the value must be of (carbon for a
   * carbon coefficient), or undefined for a plain quantity.
   */
  quantity(input: InputValue, field: string, num: Unit, den: Unit | undefined, species?: 'C'): ResolvedQuantity {
    let key: string;
    let text: string;
    let value: number;
    let use: FactorUse | undefined;
    let valid: Validity | undefined;
    if (typeof input === 'string' || (typeof input === 'object' && input !== null && 'factor' in input)) {
      const ref = typeof input === 'string' ? input : (input as { factor: string }).factor;
      key = `${ref}\u0000${num.id}\u0000${den?.id ?? ''}`;
      const hit = this.quantityCache.get(key);
      if (hit) return hit;
      const { set, entry } = this.entry(ref, field);
      if (entry.kind !== 'quantity') return lineError('factor_kind_mismatch', field, `${ref} is a ${entry.kind}`);
      text = entry.unit;
      value = entry.value;
      use = this.useOf(ref, set, entry);
      valid = entry.valid ?? set.valid;
    } else if (typeof input === 'object' && input !== null && 'value' in input && 'unit' in input) {
      const q = input as { value: unknown; unit: unknown };
      if (typeof q.value !== 'number' || !Number.isFinite(q.value)) return lineError('invalid_number', field);
      if (typeof q.unit !== 'string') return lineError('missing_input', field, 'unit');
      key = `=${q.value}\u0000${q.unit}\u0000${num.id}\u0000${den?.id ?? ''}`;
      const hit = this.quantityCache.get(key);
      if (hit) return hit;
      text = q.unit;
      value = q.value;
    } else if (input === undefined || input === null) {
      return lineError('missing_input', field);
    } else {
      return lineError('invalid_input', field);
    }
    const u = this.factorUnit(text, field);
    if ((species ?? undefined) !== (u.species ?? undefined)) return lineError('factor_kind_mismatch', field, `${text}: expected ${species ? `mass of ${species}` : 'a plain quantity'}`);
    const per = den ?? u.denominator;
    if (u.numerator.dimension !== num.dimension || u.denominator.dimension !== per.dimension) {
      return lineError('unit_mismatch', field, `${text} is not ${num.symbol}/${per.symbol}`);
    }
    // value in num per `per` = value × (numerator → num) × (per → denominator)
    const exact = mul(fromNumber(value), div(mul(u.numerator.factor, per.factor), mul(num.factor, u.denominator.factor)));
    use ??= { ref: 'custom', setId: 'custom', version: '', key: field, confirmed: true, values: [{ value, unit: text }], origin: 'line' };
    const resolved: ResolvedQuantity = { value: toNumber(exact), exact, per, use, uses: [use] };
    if (valid) this.validity.set(resolved, valid);
    this.quantityCache.set(key, resolved);
    return resolved;
  }

  coefficients(ref: string, field: string): ResolvedCoefficients {
    const hit = this.coefficientCache.get(ref);
    if (hit) return hit;
    const { set, entry } = this.entry(ref, field);
    if (entry.kind !== 'coefficients') return lineError('factor_kind_mismatch', field, `${ref} is a ${entry.kind}`);
    const use = this.useOf(ref, set, entry);
    const resolved: ResolvedCoefficients = { coefficients: (entry as CoefficientsEntry).coefficients, use, uses: [use] };
    this.validity.set(resolved, entry.valid ?? set.valid);
    this.coefficientCache.set(ref, resolved);
    return resolved;
  }

  /**
   * Warnings for a resolved factor used in fiscal year `fy`: a factor whose validity period does
   * not overlap the fiscal year at all is flagged (a restatement or a mistake; the user decides).
   * Shared arrays, computed once per factor and year.
   */
  validityWarnings(resolved: object, fy: number): readonly CalculationWarning[] {
    const valid = this.validity.get(resolved);
    if (!valid) return NONE;
    let byYear = this.validityCache.get(resolved);
    if (!byYear) this.validityCache.set(resolved, (byYear = new Map()));
    let w = byYear.get(fy);
    if (!w) {
      const ref = (resolved as { use?: FactorUse }).use?.ref ?? '';
      const { from, to } = this.fiscalYearRange(fy);
      const overlaps = (valid.from === undefined || valid.from <= to) && (valid.to === undefined || valid.to >= from);
      w = overlaps ? NONE : [{ code: 'factor_outside_validity', detail: `${ref} valid ${valid.from ?? '…'}–${valid.to ?? '…'}, fiscal year ${fy} is ${from}–${to}` }];
      byYear.set(fy, w);
    }
    return w;
  }

  /** Fiscal year N starts on the 1st of the start month of calendar year N (by default April). */
  fiscalYearRange(fy: number): { from: string; to: string } {
    return fiscalYearDates(fy, this.fyStartMonth);
  }

  /** Yen per unit of `currency` in fiscal year `fy`; 1 for yen; 100 with a warning when missing. */
  rate(fy: number, currency: string): RateUse {
    if (currency === 'JPY') return YEN;
    let byCurrency = this.rates.get(fy);
    if (!byCurrency) this.rates.set(fy, (byCurrency = new Map()));
    let r = byCurrency.get(currency);
    if (!r) {
      const warnings = [{ code: 'default_currency_rate' as const, detail: `no ${currency} rate for fiscal year ${fy}; ${DEFAULT_CURRENCY_RATE} yen per ${currency} used` }];
      byCurrency.set(currency, (r = { rate: DEFAULT_CURRENCY_RATE, warnings }));
    }
    return r;
  }

  unit(text: string, field: string): Unit {
    const u = parseUnit(text);
    if (!u.ok) return lineError(u.error, field, text);
    return u.value;
  }
}

export const NONE: readonly CalculationWarning[] = Object.freeze([]);

export interface RateUse {
  readonly rate: number;
  readonly warnings: readonly CalculationWarning[];
}
const YEN: RateUse = Object.freeze({ rate: 1, warnings: NONE });

