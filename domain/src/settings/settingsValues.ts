// The narrow path: the web app bundles this file, and the package index would bring the store adapters.
import { LIMITS } from '@ghg/events';

/** Small value checks shared by the settings deciders (pure). The year and date rules are the contracts' own. */
export { isIsoDate, isYear } from '@ghg/events';

/** Trimmed text of 1 to `max` characters, or null when it is blank or too long. */
export function cleanText(text: string, max: number): string | null {
  const t = text.trim();
  return t.length === 0 || t.length > max ? null : t;
}

/** Optional text: blank becomes null; too long is an error (undefined). */
export function cleanOptionalText(text: string | null | undefined, max: number): string | null | undefined {
  if (text === null || text === undefined) return null;
  const t = text.trim();
  if (t.length === 0) return null;
  return t.length > max ? undefined : t;
}

/** Non-negative quantity within what every read model holds. */
export const isQuantity = (n: number) => Number.isFinite(n) && n >= 0 && n <= LIMITS.maxQuantity;

/** Positive quantity within what every read model holds. */
export const isPositiveQuantity = (n: number) => isQuantity(n) && n > 0;
