import type { TotalsRow } from '../views/core/totals';

/** The scopes the home page splits a year into; water only when the year has water lines. */
export const HOME_SCOPES = ['1', '2', '3', 'water'] as const;
export type HomeScope = (typeof HOME_SCOPES)[number];

export interface ScopeShare {
  scope: HomeScope;
  kg: number;
  /** Of the year's total, 0–1 (0 when the total is 0). */
  share: number;
}

type ScopedRow = Pick<TotalsRow, 'scope' | 'co2eKg'>;

/**
 * A year's gross total split by scope, from totals grouped by scope (and any finer dimension):
 * scopes 1, 2 and 3 always, water only when a water line exists, so the parts add up to the total.
 */
export function scopeSplit(rows: readonly ScopedRow[], totalKg: number): ScopeShare[] {
  return HOME_SCOPES.flatMap((scope) => {
    const own = rows.filter((r) => r.scope === scope);
    if (scope === 'water' && own.length === 0) return [];
    const kg = own.reduce((sum, r) => sum + r.co2eKg, 0);
    return [{ scope, kg, share: totalKg > 0 ? kg / totalKg : 0 }];
  });
}

export interface YearFigures {
  year: number;
  kg: number;
  byScope: Record<HomeScope, number>;
}

/** Each of `years` (oldest first) with its total and per-scope kg, from totals grouped by fiscal year and scope; a year without lines is all zero. */
export function yearTrend(rows: readonly Pick<TotalsRow, 'fiscalYear' | 'scope' | 'co2eKg'>[], years: readonly number[]): YearFigures[] {
  return years.map((year) => {
    const byScope: Record<HomeScope, number> = { '1': 0, '2': 0, '3': 0, water: 0 };
    for (const r of rows) if (r.fiscalYear === year && r.scope) byScope[r.scope] += r.co2eKg;
    return { year, kg: HOME_SCOPES.reduce((sum, s) => sum + byScope[s], 0), byScope };
  });
}
