import { describe, expect, it } from 'vitest';
import { given } from '../../core/decider';
import { calendarDateIn, COMPANY_TIME_ZONE, fiscalYearDates, fiscalYearDecider, fiscalYearIdOf, fiscalYearOf, DEFAULT_START_MONTH } from './fiscalYear';
import type { FiscalYearEvent } from '@ghg/events';

const companyId = 'c1';
const fiscalYearId = fiscalYearIdOf(companyId);
const set = (startMonth: number): FiscalYearEvent => ({
  type: 'FiscalYearStartMonthSet',
  data: { companyId, fiscalYearId, startMonth },
});
const command = (startMonth: number, expectedVersion?: number) => ({
  type: 'SetFiscalYearStartMonth' as const,
  companyId,
  fiscalYearId,
  startMonth,
  ...(expectedVersion === undefined ? {} : { expectedVersion }),
});

describe('fiscal-year setting decider', () => {
  it('given nothing, when the start month is set to 1, then it is recorded', () => {
    expect(given(fiscalYearDecider, []).when(command(1))).toEqual({ ok: true, events: [set(1)] });
  });

  it('given a never-set setting, the state reads the default start month 4', () => {
    expect(fiscalYearDecider.initialState()).toEqual({ startMonth: DEFAULT_START_MONTH, version: -1 });
    expect(DEFAULT_START_MONTH).toBe(4);
  });

  it.each([0, 13, 4.5, Number.NaN])('when the start month is %s, then invalid_start_month', (m) => {
    expect(given(fiscalYearDecider, []).when(command(m))).toEqual({ ok: false, error: 'invalid_start_month' });
  });

  it('when the id is another company\'s, then unknown_fiscal_year', () => {
    const other = { ...command(5), fiscalYearId: fiscalYearIdOf('c2') };
    expect(given(fiscalYearDecider, []).when(other)).toEqual({ ok: false, error: 'unknown_fiscal_year' });
  });

  it('given month 4 at version 0, when saved with expected version 0, then the change is accepted', () => {
    expect(given(fiscalYearDecider, [set(4)]).when(command(7, 0))).toEqual({ ok: true, events: [set(7)] });
  });

  it('given two changes (version 1), when saved with stale expected version 0, then version_conflict', () => {
    expect(given(fiscalYearDecider, [set(4), set(5)]).when(command(7, 0))).toEqual({
      ok: false,
      error: 'version_conflict',
    });
  });

  it('given month 5, when 5 is saved again, then no event is written', () => {
    expect(given(fiscalYearDecider, [set(5)]).when(command(5))).toEqual({ ok: true, events: [] });
  });
});

describe('fiscal year of a date', () => {
  it('with start month 4, March belongs to the previous year and April to the current one', () => {
    expect(fiscalYearOf('2026-03-31', 4)).toBe(2025);
    expect(fiscalYearOf('2026-04-01', 4)).toBe(2026);
    expect(fiscalYearOf('2026-12-31', 4)).toBe(2026);
    expect(fiscalYearOf('2027-01-01', 4)).toBe(2026);
  });
  it('with start month 1, every month belongs to the calendar year', () => {
    expect(fiscalYearOf('2026-01-01', 1)).toBe(2026);
    expect(fiscalYearOf('2026-12-31', 1)).toBe(2026);
  });
  it('with start month 12, only December starts the year', () => {
    expect(fiscalYearOf('2026-11-30', 12)).toBe(2025);
    expect(fiscalYearOf('2026-12-01', 12)).toBe(2026);
    expect(fiscalYearOf('2027-01-31', 12)).toBe(2026);
  });
  it('for every start month, the first day of that month starts the year and the day before ends the last one', () => {
    for (let m = 1; m <= 12; m += 1) {
      const { from, to, toExclusive } = fiscalYearDates(2025, m);
      expect(fiscalYearOf(from, m), from).toBe(2025);
      expect(fiscalYearOf(to, m), to).toBe(2025);
      expect(fiscalYearOf(toExclusive, m), toExclusive).toBe(2026);
    }
  });
  it("reads an instant on Japan's calendar: 15:00 UTC on the last day of March is already April there", () => {
    expect(COMPANY_TIME_ZONE).toBe('Asia/Tokyo');
    expect(fiscalYearOf(new Date('2026-03-31T14:59:59.999Z'), 4)).toBe(2025);
    expect(fiscalYearOf(new Date('2026-03-31T15:00:00Z'), 4)).toBe(2026);
    expect(fiscalYearOf(new Date('2026-03-31T23:30:00Z'), 4)).toBe(2026);
    // The same instant on UTC's calendar is still March.
    expect(fiscalYearOf(new Date('2026-03-31T23:30:00Z'), 4, 'UTC')).toBe(2025);
    // New Year: 2025-12-31T15:00Z is 1 January 2026 in Japan.
    expect(fiscalYearOf(new Date('2025-12-31T15:00:00Z'), 1)).toBe(2026);
    expect(fiscalYearOf(new Date('2025-12-31T14:59:00Z'), 1)).toBe(2025);
  });
  it('gives the calendar date of an instant in a time zone', () => {
    expect(calendarDateIn(new Date('2026-03-31T15:00:00Z'))).toBe('2026-04-01');
    expect(calendarDateIn(new Date('2026-03-31T15:00:00Z'), 'UTC')).toBe('2026-03-31');
    expect(calendarDateIn(new Date('2026-04-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-31');
  });
  it('refuses a start month outside 1 to 12 and a text that is not a date', () => {
    expect(() => fiscalYearOf('2026-04-01', 0)).toThrow(RangeError);
    expect(() => fiscalYearOf('2026-04-01', 13)).toThrow(RangeError);
    expect(() => fiscalYearOf('April 2026', 4)).toThrow(RangeError);
  });
  it('gives the first day, last day and the day after of a fiscal year', () => {
    expect(fiscalYearDates(2025, 4)).toEqual({ from: '2025-04-01', to: '2026-03-31', toExclusive: '2026-04-01' });
    expect(fiscalYearDates(2025, 1)).toEqual({ from: '2025-01-01', to: '2025-12-31', toExclusive: '2026-01-01' });
    expect(fiscalYearDates(2023, 3)).toEqual({ from: '2023-03-01', to: '2024-02-29', toExclusive: '2024-03-01' });
    expect(fiscalYearDates(2025)).toEqual(fiscalYearDates(2025, DEFAULT_START_MONTH));
  });
});
