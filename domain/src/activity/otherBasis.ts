import type { EventOf, JsonValue } from '@ghg/events';
import { calculate } from '../calculation/engine/run';
import type { CalculationErrorCode } from '../calculation/errors';
import type { FormulaDefinition } from '../calculation/formulas/define';
import type { CalculationContext, CalculationSuccess, InputValue } from '../calculation/types';

type LineCalculation = EventOf<'ActivityLineRecorded'>['data']['calculation'];
export type OtherBasis = NonNullable<LineCalculation['otherBasis']>;
export type StoredFactorUse = LineCalculation['factors'][number];

/** The engine's factor uses as an event stores them: the published values, nothing else. */
export function storedFactorUses(factors: CalculationSuccess['factors']): StoredFactorUse[] {
  return factors.map((f) => ({
    setId: f.setId,
    version: f.version,
    key: f.key,
    confirmed: f.confirmed,
    origin: f.origin,
    values: Array.isArray(f.values)
      ? (f.values as readonly { value: number; unit: string; stage?: 'WTT' | 'TTW' | 'WTW' }[]).map((v) => ({ value: v.value, unit: v.unit, ...(v.stage ? { stage: v.stage } : {}) }))
      : { ...(f.values as Readonly<Record<string, number>>) },
  }));
}

export const gasesOf = (result: Pick<CalculationSuccess, 'gasesKg'>): [string, number][] =>
  Object.entries(result.gasesKg).filter((e): e is [string, number] => e[1] !== undefined);

/**
 * How a scope-2 line reaches the basis its formula does not calculate on: the market formula's
 * line gives its location figure by the location formula on the same consumption, with the grid
 * factor it names; a location line has no contractual instrument, so its market figure is the
 * grid average itself.
 */
const COMPANIONS: Readonly<Record<string, { formulaId: string; factorField: string; inputs: (i: Readonly<Record<string, JsonValue>>) => Record<string, JsonValue> } | 'gridAverage'>> = {
  's2.market': {
    formulaId: 's2.location',
    factorField: 'gridEmissionIntensity',
    inputs: (i) => ({ energyType: i.energyType ?? null, amount: i.amount ?? null, emissionIntensity: i.gridEmissionIntensity ?? null }),
  },
  's2.location': 'gridAverage',
};

export type OtherBasisOutcome = { ok: true; otherBasis: OtherBasis | null } | { ok: false; error: CalculationErrorCode | 'factor_outside_validity'; field: string };

/**
 * The line's figure on the other scope-2 basis (null: none — another scope, or a market line
 * that names no grid factor). A companion calculation that fails refuses the line with the
 * field it is about, as the line's own would.
 */
export function otherBasisOf(
  formula: FormulaDefinition,
  inputs: Readonly<Record<string, JsonValue>>,
  primary: CalculationSuccess,
  context: CalculationContext,
  line: { id: string; fiscalYear: number },
): OtherBasisOutcome {
  const companion = COMPANIONS[formula.id];
  if (!companion || !formula.basis) return { ok: true, otherBasis: null };
  if (companion === 'gridAverage') {
    const other = formula.basis === 'location' ? 'market' : 'location';
    return { ok: true, otherBasis: { basis: other, method: 'gridAverage', formulaId: formula.id, co2eKg: primary.co2eKg, gasesKg: Object.fromEntries(gasesOf(primary)), factors: storedFactorUses(primary.factors) } };
  }
  if (inputs[companion.factorField] === undefined || inputs[companion.factorField] === null) return { ok: true, otherBasis: null };
  const result = calculate({ id: line.id, formulaId: companion.formulaId, inputs: companion.inputs(inputs) as Readonly<Record<string, InputValue>>, fiscalYear: line.fiscalYear }, context);
  // The line's own calculation already accepted its quantity: what fails here is the other factor.
  if (!result.ok) return { ok: false, error: result.error, field: companion.factorField };
  if (result.warnings.some((w) => w.code === 'factor_outside_validity')) return { ok: false, error: 'factor_outside_validity', field: companion.factorField };
  if (!result.basis) throw new Error(`the companion formula ${companion.formulaId} calculates on a basis`);
  return {
    ok: true,
    otherBasis: { basis: result.basis, method: 'calculated', formulaId: companion.formulaId, co2eKg: result.co2eKg, gasesKg: Object.fromEntries(gasesOf(result)), factors: storedFactorUses(result.factors) },
  };
}
