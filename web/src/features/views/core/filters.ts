import type { Consolidation, Scope2Basis } from './totals';

/** What every view filters by besides the header's company, fiscal year and section. */
export interface ViewFilters {
  /** The selected company, or the whole group consolidated by `approach`. */
  of: 'company' | 'group';
  approach: Consolidation;
  basis: Scope2Basis;
  unit: EmissionUnit;
  figures: Figures;
}

export type EmissionUnit = 't' | 'kg';

/**
 * Gross emissions, or net of the offset credits used in the fiscal year. Offsets are the company's
 * (weighted like its emissions in a group), never a category's or a section's: only a total is
 * netted, and the gross figure and the deduction stay beside it.
 */
export type Figures = 'gross' | 'net';

/** The units' symbols: the same in every language. */
export const unitSymbol: Record<EmissionUnit, string> = { t: 't-CO2e', kg: 'kg-CO2e' };

/** A figure in kg shown in the unit chosen: t-CO2e to 3 decimals, kg-CO2e to 1. */
export const inUnit = (kg: number, unit: EmissionUnit) => (unit === 't' ? kg / 1000 : kg);
export const unitDigits: Record<EmissionUnit, number> = { t: 3, kg: 1 };

/** The calendar month (1–12) of fiscal month `n` (1 = the first) of a year starting in `startMonth`. */
export const calendarMonth = (n: number, startMonth: number) => ((startMonth - 1 + n - 1) % 12) + 1;

/**
 * Progress towards a reduction goal: the share of the planned reduction (base-year emission down
 * to the goal) achieved by `current`. 0 at the base, 1 at the goal, above 1 beyond it, below 0
 * when emissions grew; null when the goal plans no reduction.
 */
export function goalProgress(base: number, goal: number, current: number): number | null {
  if (!(base > goal)) return null;
  return (base - current) / (base - goal);
}

/** How many fiscal years a trend shows side by side (the "last five fiscal years"). */
export const TREND_YEARS = 5;

/** The `count` fiscal years up to and including `last`, oldest first. */
export const trendYears = (last: number, count = TREND_YEARS) => Array.from({ length: count }, (_, i) => last - (count - 1) + i);
