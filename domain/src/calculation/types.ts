import type { ScopeCategory } from '@ghg/events';
import type { CalculationErrorCode, CalculationWarning } from './errors';
import type { FactorSet, FactorUse } from './factors/types';
import type { GasId } from './gwp/gases';

/**
 * Where a formula's result is booked: the product's scope categories (1, 2, 31…315 for Scope 3
 * categories 1–15; '3' is only their sum, so no formula books to it), water, and plant-engineering
 * projects ('pe', booked per project).
 */
export const CALCULATION_SCOPES = ['1', '2', '31', '32', '33', '34', '35', '36', '37', '38', '39', '310', '311', '312', '313', '314', '315', 'water', 'pe'] as const satisfies readonly (Exclude<ScopeCategory, '3'> | 'water' | 'pe')[];
export type CalculationScope = (typeof CALCULATION_SCOPES)[number];

/** A quantity as it arrives in JSON: a number in the field's own unit, or a value with its unit. */
export type QuantityInput = number | { readonly value: number; readonly unit: string };

/** A factor: a library reference '<setId>:<key>' (or `{ factor }`), or a value entered on the line. */
export type FactorInput =
  | string
  | { readonly factor: string }
  | { readonly value: number; readonly unit: string; readonly stage?: 'WTT' | 'TTW' | 'WTW'; readonly label?: string };

/** A gas or blend: 'HFC-134a', 'R-404A', a custom blend, or a gas outside the GWP tables with its GWP. */
export type GwpInput =
  | string
  | { readonly components: readonly { readonly gas: GasId; readonly massFraction: number }[]; readonly name?: string }
  | { readonly gas: string; readonly gwp: number };

export type InputValue = QuantityInput | FactorInput | GwpInput | string | boolean | null | undefined;

/** One activity: which formula, and its inputs keyed by the formula's field keys. */
export interface ActivityLine {
  readonly id: string;
  readonly formulaId: string;
  readonly inputs: Readonly<Record<string, InputValue>>;
  /** Overrides the context's fiscal year (currency rate, factor validity). */
  readonly fiscalYear?: number;
}

export interface CurrencyRateInput {
  readonly fiscalYear: number;
  readonly currencyUnit: string;
  /** Yen per unit of the currency. */
  readonly rate: number;
}

/**
 * Everything a calculation depends on besides its line. Nothing here has a default that could
 * change under a stored result: factor-set versions and the GWP set are required inputs.
 */
export interface CalculationContext {
  /** The version of each factor set lines may use, e.g. { 'jp-shk': 'legacy', 'uk-desnz': '2025' }. */
  readonly factorSets: Readonly<Record<string, string>>;
  /** 'AR5', 'AR6' or 'JP-SHK-2024'. */
  readonly gwpSet: string;
  readonly fiscalYear: number;
  /** Month the fiscal year starts in (default 4, April). */
  readonly fiscalYearStartMonth?: number;
  /** Rates for spend in foreign currency. A missing rate is 100, with a warning. */
  readonly currencyRates?: readonly CurrencyRateInput[];
  /** User-supplied sets (e.g. licensed tables uploaded as CSV); pinned like shipped ones. */
  readonly customFactorSets?: readonly FactorSet[];
  /** Record each line's arithmetic as steps (for the CLI and detail views; slower). */
  readonly explain?: boolean;
}

/** Any mass key in a result: a gas, a gas outside the tables, or CO2e a source publishes unsplit. */
export type GasKey = GasId | 'CO2e' | `custom:${string}`;

/** Transport results (ISO 14083): well-to-tank, tank-to-wheel and well-to-wheel, kg CO2e. */
export interface StageBreakdown {
  wttKg: number;
  ttwKg: number;
  /** The line's whole CO2e. Equal to wtt + ttw unless a factor was not split by stage (warning). */
  wtwKg: number;
}

/** One line of arithmetic, for explanations. */
export interface Step {
  readonly label: string;
  readonly expression: string;
  readonly value: number;
  readonly unit: string;
}

export interface GwpSetRef {
  readonly id: string;
  readonly version: string;
}

export interface CalculationSuccess {
  readonly ok: true;
  readonly lineId: string;
  readonly formulaId: string;
  readonly scope: CalculationScope;
  readonly fiscalYear: number;
  /** Total CO2e of the line, kg. */
  co2eKg: number;
  /** kg of each gas (and of unsplit CO2e), before GWP weighting. */
  gasesKg: Partial<Record<GasKey, number>>;
  stages: StageBreakdown | undefined;
  /** Scope 2 only. */
  basis: 'location' | 'market' | undefined;
  /** Every factor used, each with its set id and version: the result can be re-run exactly. */
  factors: readonly FactorUse[];
  readonly gwpSet: GwpSetRef;
  warnings: readonly CalculationWarning[];
  steps: Step[] | undefined;
}

export interface CalculationFailure {
  readonly ok: false;
  readonly lineId: string;
  readonly formulaId: string;
  readonly error: CalculationErrorCode;
  readonly field?: string;
  readonly detail?: string;
}

export type CalculationResult = CalculationSuccess | CalculationFailure;

export interface BatchSummary {
  lines: number;
  succeeded: number;
  failed: number;
  co2eKg: number;
  byScope: Partial<Record<CalculationScope, number>>;
}

export interface BatchProvenance {
  readonly factorSets: readonly { readonly id: string; readonly version: string; readonly title: string; readonly citation: string; readonly licence: string }[];
  readonly gwpSet: GwpSetRef & { readonly citation: string };
}

export type BatchResult =
  | { readonly ok: true; readonly results: CalculationResult[]; readonly summary: BatchSummary; readonly provenance: BatchProvenance }
  | { readonly ok: false; readonly error: CalculationErrorCode; readonly detail?: string };
