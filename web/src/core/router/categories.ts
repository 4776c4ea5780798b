import type { MessageId } from '@ghg/locales';

/** Scope categories (keys 1, 2, 3 and 31 to 315) and the water pages. */
export const SCOPE3_CATEGORIES = ['31', '32', '33', '34', '35', '36', '37', '38', '39', '310', '311', '312', '313', '314', '315'] as const;
export type CategoryKey = '1' | '2' | '3' | (typeof SCOPE3_CATEGORIES)[number] | 'water';

export const categoryName: Record<CategoryKey, MessageId> = {
  '1': 'scope.category.1',
  '2': 'scope.category.2',
  '3': 'scope.category.3',
  '31': 'scope.category.31',
  '32': 'scope.category.32',
  '33': 'scope.category.33',
  '34': 'scope.category.34',
  '35': 'scope.category.35',
  '36': 'scope.category.36',
  '37': 'scope.category.37',
  '38': 'scope.category.38',
  '39': 'scope.category.39',
  '310': 'scope.category.310',
  '311': 'scope.category.311',
  '312': 'scope.category.312',
  '313': 'scope.category.313',
  '314': 'scope.category.314',
  '315': 'scope.category.315',
  water: 'scope.category.water',
};

/** A category's short label under a chart bar: S1, S2, 3-1 … 3-15, or `water` (the water category's name). */
export const categoryShortLabel = (category: string, water: string) => (category === 'water' ? water : category.startsWith('3') && category.length > 1 ? `3-${category.slice(1)}` : `S${category}`);

/** The scopes the views total by: every scope-3 category counts under '3'; water on its own. */
export type ScopeKey = '1' | '2' | '3' | 'water';

/** The scope a category counts under (the rule `GET /api/emission-totals` applies for `groupBy=scope`). */
export const scopeOfCategory = (category: string): ScopeKey => (category === '1' || category === '2' || category === 'water' ? category : '3');
