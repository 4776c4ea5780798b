import { DEFAULT_START_MONTH, fiscalYearDates, fiscalYearOf } from '@ghg/domain';

/** The default fiscal start month 4 (April), the domain's. */
export { DEFAULT_START_MONTH };

/** A start month not (yet) known or not 1 to 12 reads as the default. */
const validMonth = (m: number | undefined | null) => (typeof m === 'number' && Number.isInteger(m) && m >= 1 && m <= 12 ? m : DEFAULT_START_MONTH);

/**
 * The selected fiscal year defaults to the one `now` falls in: the current year, or the
 * previous year before the start month. `now` is read on the company's calendar (the domain's
 * `fiscalYearOf`, Japan's time zone), not the browser's, so every user and the server agree.
 */
export function defaultFiscalYear(now: Date, startMonth: number | undefined | null): number {
  return fiscalYearOf(now, validMonth(startMonth));
}

/** First and last day of a fiscal year, as calendar dates (yyyy-mm-dd). */
export function fiscalYearRange(fiscalYear: number, startMonth: number | undefined | null): { start: string; end: string } {
  const { from, to } = fiscalYearDates(fiscalYear, validMonth(startMonth));
  return { start: from, end: to };
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
