import type { TotalsRow } from '../core/totals';

/** The scopes an intensity is shown for besides the total (water counts in the total only, as in the company view). */
export const INTENSITY_SCOPES = ['1', '2', '3'] as const;
export type IntensityScope = (typeof INTENSITY_SCOPES)[number];


/**
 * An emission (kg) per unit of a denominator: null when the year has no value, and when the value
 * is 0 (a year without revenue has no intensity; dividing would show Infinity).
 */
export function perUnit(kg: number, value: number | null | undefined): number | null {
  if (value === null || value === undefined || value === 0 || !Number.isFinite(value)) return null;
  return kg / value;
}

/** One fiscal year of an intensity: the emission (kg) by scope and in total, the denominator, and each divided by it. */
export interface IntensityYear {
  fiscalYear: number;
  /** The denominator of the year, null without one. */
  value: number | null;
  totalKg: number;
  scopeKg: Record<IntensityScope, number>;
  /** kg per unit of the denominator; null without a usable value. */
  totalPerUnit: number | null;
  scopePerUnit: Record<IntensityScope, number | null>;
}

/**
 * Each year's emission divided by that year's value of an intensity. `totalKg` is the year's total
 * as the database summed it (rows grouped by fiscal year), `scopeRows` the rows grouped by fiscal
 * year and scope; `values` the management-intensity values by fiscal year.
 */
export function intensityYears(years: readonly number[], totalRows: readonly Pick<TotalsRow, 'fiscalYear' | 'co2eKg'>[], scopeRows: readonly Pick<TotalsRow, 'fiscalYear' | 'scope' | 'co2eKg'>[], values: ReadonlyMap<number, number>): IntensityYear[] {
  return years.map((fiscalYear) => {
    const value = values.get(fiscalYear) ?? null;
    const totalKg = totalRows.find((r) => r.fiscalYear === fiscalYear)?.co2eKg ?? 0;
    const scopeKg = Object.fromEntries(INTENSITY_SCOPES.map((s) => [s, scopeRows.filter((r) => r.fiscalYear === fiscalYear && r.scope === s).reduce((kg, r) => kg + r.co2eKg, 0)])) as Record<IntensityScope, number>;
    const scopePerUnit = Object.fromEntries(INTENSITY_SCOPES.map((s) => [s, perUnit(scopeKg[s], value)])) as Record<IntensityScope, number | null>;
    return { fiscalYear, value, totalKg, scopeKg, totalPerUnit: perUnit(totalKg, value), scopePerUnit };
  });
}

/** One intensity's values by fiscal year, from the management-intensity list of every intensity. */
export function valuesOf(intensityId: string, all: readonly { intensityId: string; fiscalYear: number; value: number }[]): Map<number, number> {
  return new Map(all.filter((v) => v.intensityId === intensityId).map((v) => [v.fiscalYear, v.value]));
}
