import { aggregateScopes } from '@ghg/api';
import { scopeSettingCategories, type ScopeSettingCategory } from '@ghg/events';

export type AggregateScope = (typeof aggregateScopes)[number];

/**
 * One row of the grouped ledger sum: a category's (scopeCategory set), a scope's (scope set, no
 * category) or the grand total's (neither). The sums are the database's exact decimal sums.
 */
export interface GroupedSum {
  scopeCategory: ScopeSettingCategory | null;
  scope: AggregateScope | null;
  co2eKg: number;
  lines: number;
}

/** The scope a category counts under: every scope-3 category (31 … 315) under '3'. */
export const scopeOfCategory = (category: ScopeSettingCategory): AggregateScope => (category === '1' || category === '2' || category === 'water' ? category : '3');

/** A figure's part of the total, 0 to 1; 0 when the total is 0 (nothing to share). */
export const shareOf = (co2eKg: number, totalKg: number): number => (totalKg === 0 ? 0 : co2eKg / totalKg);

/**
 * The answer's totals from the grouped sums: the grand total, every scope (zero where it has no
 * lines) and the categories that have lines in catalogue order, each with its share of the total.
 */
export function aggregateTotals(rows: readonly GroupedSum[]) {
  const totalRow = rows.find((r) => r.scopeCategory === null && r.scope === null);
  const total = { co2eKg: totalRow?.co2eKg ?? 0, lines: totalRow?.lines ?? 0 };
  const byScope = aggregateScopes.map((scope) => {
    const row = rows.find((r) => r.scopeCategory === null && r.scope === scope);
    const co2eKg = row?.co2eKg ?? 0;
    return { scope, co2eKg, lines: row?.lines ?? 0, share: shareOf(co2eKg, total.co2eKg) };
  });
  const byCategory = scopeSettingCategories.flatMap((scopeCategory) => {
    const row = rows.find((r) => r.scopeCategory === scopeCategory);
    return row ? [{ scopeCategory, co2eKg: row.co2eKg, lines: row.lines, share: shareOf(row.co2eKg, total.co2eKg) }] : [];
  });
  return { total, byScope, byCategory };
}
