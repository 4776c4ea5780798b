/** Spec 000 §9: default fiscal start month 4 (April). */
export const DEFAULT_START_MONTH = 4;

const validMonth = (m: number | undefined | null) => (Number.isInteger(m) && m! >= 1 && m! <= 12 ? m! : DEFAULT_START_MONTH);

/**
 * Spec 000 §4: the selected fiscal year defaults to the current year, or the previous year when
 * the current month is before the start month. A fiscal year is named by the year it starts in.
 */
export function defaultFiscalYear(now: Date, startMonth: number | undefined | null): number {
  const month = now.getMonth() + 1;
  return month < validMonth(startMonth) ? now.getFullYear() - 1 : now.getFullYear();
}

/** First and last day of a fiscal year, as local calendar dates (yyyy-mm-dd). */
export function fiscalYearRange(fiscalYear: number, startMonth: number | undefined | null): { start: string; end: string } {
  const m = validMonth(startMonth);
  const pad = (n: number) => String(n).padStart(2, '0');
  const start = `${fiscalYear}-${pad(m)}-01`;
  // The day before the same start date one year later.
  const endDate = new Date(Date.UTC(fiscalYear + 1, m - 1, 1) - 86_400_000);
  const end = `${endDate.getUTCFullYear()}-${pad(endDate.getUTCMonth() + 1)}-${pad(endDate.getUTCDate())}`;
  return { start, end };
}

/** The years a user can pick: ten back, one ahead of the current fiscal year, and the selected one. */
export function fiscalYearOptions(current: number, selected?: number): number[] {
  const years = new Set<number>();
  for (let y = current + 1; y >= current - 10; y -= 1) years.add(y);
  if (selected !== undefined && Number.isInteger(selected)) years.add(selected);
  return [...years].sort((a, b) => b - a);
}

/** A persisted choice is used when it is a plausible year; anything else means "use the default". */
export function parseStoredFiscalYear(value: string | null): number | null {
  if (value === null) return null;
  const year = Number(value);
  return Number.isInteger(year) && year >= 1900 && year <= 2200 ? year : null;
}
