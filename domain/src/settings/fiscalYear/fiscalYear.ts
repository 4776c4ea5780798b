import { accept, reject, type Decider } from '../../core/decider';
import type { FiscalYearEvent } from '@ghg/events';

/** The month a company's fiscal year starts in when it never set one (April). */
export const DEFAULT_START_MONTH = 4;

export const fiscalYearStreamId = (companyId: string) => `fiscalYear-${companyId}`;
/** One fiscal-year setting per company; its id is derived so clients can always echo it back. */
export const fiscalYearIdOf = (companyId: string) => `fy_${companyId}`;

export interface FiscalYearState {
  startMonth: number;
  /** Stream revision of the last change, -1 when never set. */
  version: number;
}

export interface SetFiscalYearStartMonth {
  type: 'SetFiscalYearStartMonth';
  companyId: string;
  fiscalYearId: string;
  startMonth: number;
  /** When given, the change is refused unless the setting is still at this version. */
  expectedVersion?: number;
}

export type FiscalYearError = 'invalid_start_month' | 'unknown_fiscal_year' | 'version_conflict';

export const fiscalYearDecider: Decider<SetFiscalYearStartMonth, FiscalYearEvent, FiscalYearState, FiscalYearError> = {
  eventTypes: { FiscalYearStartMonthSet: true },
  initialState: () => ({ startMonth: DEFAULT_START_MONTH, version: -1 }),
  evolve: (_state, event, revision) => ({ startMonth: event.data.startMonth, version: revision }),
  decide: (command, state) => {
    if (command.fiscalYearId !== fiscalYearIdOf(command.companyId)) return reject('unknown_fiscal_year');
    if (!Number.isInteger(command.startMonth) || command.startMonth < 1 || command.startMonth > 12) {
      return reject('invalid_start_month');
    }
    if (command.expectedVersion !== undefined && command.expectedVersion !== state.version) {
      return reject('version_conflict');
    }
    // Saving the same month again is not a change; no event keeps the audit log honest.
    if (state.version >= 0 && state.startMonth === command.startMonth) return accept();
    return accept({
      type: 'FiscalYearStartMonthSet',
      data: { companyId: command.companyId, fiscalYearId: command.fiscalYearId, startMonth: command.startMonth },
    });
  },
};

/**
 * The time zone a company's dates are read in. The product serves companies that report to
 * Japanese authorities, whose fiscal years (and the 省エネ法/温対法 reporting years) run on Japan's
 * calendar, so an instant counts on the date it is in Japan: 2026-03-31T15:30Z is 1 April 2026
 * there, already fiscal year 2026 with an April start. Every layer reads "now" through this (see
 * docs/architecture.md, "Fiscal years"); a company setting for it would replace this default.
 */
export const COMPANY_TIME_ZONE = 'Asia/Tokyo';

const calendars = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function calendarDateIn(instant: Date, timeZone: string = COMPANY_TIME_ZONE): string {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    calendar = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'gregory', numberingSystem: 'latn' });
    calendars.set(timeZone, calendar);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => calendar.formatToParts(instant).find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

const ISO_DAY = /^(\d{4})-(\d{2})-\d{2}/;

/**
 * The fiscal year a date falls in, named by the calendar year it starts in: with a start month of
 * 4, 2026-03-31 is in fiscal year 2025 and 2026-04-01 in 2026. `date` is a
 * calendar date (YYYY-MM-DD, taken as it is) or an instant, read on the calendar of `timeZone`
 * (the company's, COMPANY_TIME_ZONE). The one place this rule is written: domain, both APIs and
 * the web app call it.
 */
export function fiscalYearOf(date: Date | string, startMonth: number, timeZone: string = COMPANY_TIME_ZONE): number {
  if (!Number.isInteger(startMonth) || startMonth < 1 || startMonth > 12) throw new RangeError(`start month ${startMonth} is not 1 to 12`);
  const day = typeof date === 'string' ? date : calendarDateIn(date, timeZone);
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`${day} is not a calendar date (YYYY-MM-DD)`);
  const [year, month] = [Number(m[1]), Number(m[2])];
  return month < startMonth ? year - 1 : year;
}

/** Fiscal year `fy`'s first day, last day and the first day after it (YYYY-MM-DD). */
export function fiscalYearDates(fy: number, startMonth: number = DEFAULT_START_MONTH): { from: string; to: string; toExclusive: string } {
  const day = (d: Date) => `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
  const from = new Date(Date.UTC(fy, startMonth - 1, 1));
  const toExclusive = new Date(Date.UTC(fy + 1, startMonth - 1, 1));
  const to = new Date(Date.UTC(fy + 1, startMonth - 1, 0));
  return { from: day(from), to: day(to), toExclusive: day(toExclusive) };
}
