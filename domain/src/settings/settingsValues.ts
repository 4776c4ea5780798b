/** Small value checks shared by the settings deciders (pure). */

/** Fiscal and calendar years the product accepts, as for currency rates. */
export const isYear = (year: number) => Number.isInteger(year) && year >= 1900 && year <= 2200;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2025-02-30 is not). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && isYear(y);
}

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

/** Non-negative finite quantity. */
export const isQuantity = (n: number) => Number.isFinite(n) && n >= 0;
