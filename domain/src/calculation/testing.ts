/** Helpers for the calculation unit tests (not part of the public API). */
import { calculate } from './engine/run';
import type { CalculationContext, CalculationFailure, CalculationSuccess, InputValue } from './types';

export const CONTEXT: CalculationContext = {
  factorSets: {
    'jp-shk': 'legacy',
    'jp-shk-electricity-suppliers': 'FY2023',
    'jp-meti-logistics': 'classic',
    'jp-moe-scdb': '2.5',
    'jp-energy-conservation-act': 'current',
    'uk-desnz': '2025',
    'us-epa-hub': '2024',
    'iso-14083': '2023',
  },
  gwpSet: 'AR5',
  fiscalYear: 2022,
};

let n = 0;

/** Calculates one line and expects success. */
export function ok(formulaId: string, inputs: Record<string, InputValue>, context: Partial<CalculationContext> = {}): CalculationSuccess {
  const r = calculate({ id: `t${++n}`, formulaId, inputs }, { ...CONTEXT, ...context });
  if (!r.ok) throw new Error(`${formulaId}: ${r.error} ${r.field ?? ''} ${r.detail ?? ''}`);
  return r;
}

/** Calculates one line and expects a failure. */
export function err(formulaId: string, inputs: Record<string, InputValue>, context: Partial<CalculationContext> = {}): CalculationFailure {
  const r = calculate({ id: `t${++n}`, formulaId, inputs }, { ...CONTEXT, ...context });
  if (r.ok) throw new Error(`${formulaId}: expected a failure, got ${r.co2eKg} kg`);
  return r;
}
