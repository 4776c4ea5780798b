import { lineError } from '../errors';
import type { FactorUnit } from '../factors/factorUnit';
import type { FactorUse, Stage } from '../factors/types';
import type { Species } from '../gwp/gases';
import type { GwpSet } from '../gwp/sets';
import { parseUnit, unit as unitById, type Unit } from '../units/parse';
import { add, div, fromNumber, mul, ONE, toNumber, type Rational } from '../units/rational';
import type { GasKey } from '../types';

/**
 * Which stages a formula counts. `direct` (Scope 1, 2 and non-transport Scope 3): everything but
 * WTT values. `upstream` (Scope 3 category 3): everything but TTW values. `lifecycle` (transport,
 * ISO 14083): everything, reported as WTT, TTW and WTW.
 */
export type StagePolicy = 'direct' | 'upstream' | 'lifecycle';

/** A factor normalised to one activity unit: kg of each gas and kg CO2e per unit of activity. */
export interface Terms {
  readonly keys: readonly GasKey[];
  readonly kg: readonly number[];
  readonly co2e: number;
  readonly wtt: number;
  readonly ttw: number;
  /** CO2e of values without a stage (custom factors, or WTW-only values). */
  readonly unstaged: number;
  readonly empty: boolean;
}

interface Component {
  readonly species: Species;
  readonly stage: Stage | undefined;
  readonly value: Rational;
  readonly unit: FactorUnit;
}

const KG = unitById('kg');

/**
 * An emission factor resolved once per batch. `terms(unitText, policy)` answers, for an activity
 * unit, the kg per unit — computed exactly (published decimal × unit conversions × GWP, rounded
 * once) and cached, so the hot path is one map lookup and a few multiplications.
 */
export class EmissionFactor {
  readonly uses: readonly FactorUse[];
  private readonly comps: readonly Component[];
  private readonly byUnit = new Map<string, Record<StagePolicy, Terms>>();
  private ownUnit: Record<StagePolicy, Terms> | undefined;

  constructor(
    readonly use: FactorUse,
    components: readonly { value: number; unit: FactorUnit; stage: Stage | undefined }[],
    private readonly gwp: GwpSet,
    private readonly field: string,
  ) {
    this.uses = [use];
    this.comps = components.map((c) => {
      if (!c.unit.species || c.unit.species === 'C') lineError('factor_kind_mismatch', field, `${use.ref}: ${c.unit.text} is not mass of a gas per unit`);
      if (c.unit.numerator.dimension !== 'mass') lineError('invalid_factor_unit', field, c.unit.text);
      return { species: c.unit.species!, stage: c.stage, value: fromNumber(c.value), unit: c.unit };
    });
    const dims = new Set(this.comps.map((c) => c.unit.denominator.dimension));
    if (dims.size !== 1) lineError('invalid_factor_unit', field, `${use.ref}: components per different dimensions`);
  }

  /** The unit a plain-number activity is read in: the first component's denominator. */
  get denominator(): Unit {
    return this.comps[0]!.unit.denominator;
  }

  terms(unitText: string | undefined, policy: StagePolicy, field: string): Terms {
    if (unitText === undefined) return (this.ownUnit ??= this.build(this.denominator, field))[policy];
    let t = this.byUnit.get(unitText);
    if (!t) {
      const u = parseUnit(unitText);
      if (!u.ok) lineError(u.error, field, unitText);
      t = this.build((u as { value: Unit }).value, field);
      this.byUnit.set(unitText, t);
    }
    return t[policy];
  }

  private build(activity: Unit, field: string): Record<StagePolicy, Terms> {
    const perUnit = this.comps.map((c) => {
      if (c.unit.denominator.dimension !== activity.dimension) {
        lineError('unit_mismatch', field, `${activity.symbol} (${activity.dimension}) with a factor per ${c.unit.denominator.symbol} (${c.unit.denominator.dimension})`);
      }
      // kg of species per activity unit = value × (numerator → kg) × (activity unit → denominator unit)
      const kg = mul(mul(c.value, div(c.unit.numerator.factor, KG.factor)), div(activity.factor, c.unit.denominator.factor));
      return { ...c, kg };
    });
    const make = (keep: (s: Stage | undefined) => boolean): Terms => {
      const kept = perUnit.filter((c) => keep(c.stage));
      const keys: GasKey[] = [];
      const kg: Rational[] = [];
      let co2e = rational0();
      let wtt = rational0();
      let ttw = rational0();
      let unstaged = rational0();
      for (const c of kept) {
        const i = keys.indexOf(c.species as GasKey);
        if (i >= 0) kg[i] = add(kg[i]!, c.kg);
        else {
          keys.push(c.species as GasKey);
          kg.push(c.kg);
        }
        const e = mul(c.kg, this.gwpOf(c.species));
        co2e = add(co2e, e);
        if (c.stage === 'WTT') wtt = add(wtt, e);
        else if (c.stage === 'TTW') ttw = add(ttw, e);
        else unstaged = add(unstaged, e);
      }
      return {
        keys,
        kg: kg.map(toNumber),
        co2e: toNumber(co2e),
        wtt: toNumber(wtt),
        ttw: toNumber(ttw),
        unstaged: toNumber(unstaged),
        empty: kept.length === 0,
      };
    };
    return {
      direct: make((s) => s !== 'WTT'),
      upstream: make((s) => s !== 'TTW'),
      lifecycle: make(() => true),
    };
  }

  private gwpOf(species: Species): Rational {
    if (species === 'CO2e') return ONE;
    const g = this.gwp.values[species as Exclude<Species, 'C' | 'CO2e'>];
    if (!g) return lineError('gwp_not_found', this.field, `${species} is not in GWP set ${this.gwp.id}`);
    return fromNumber(g.value);
  }
}

const rational0 = (): Rational => ({ n: 0n, d: 1n });
