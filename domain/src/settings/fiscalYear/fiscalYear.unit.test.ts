import { describe, expect, it } from 'vitest';
import { given } from '../../core/decider';
import { fiscalYearDecider, fiscalYearIdOf, fiscalYearOf, DEFAULT_START_MONTH } from './fiscalYear';
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
    expect(fiscalYearOf(new Date(2026, 2, 31), 4)).toBe(2025);
    expect(fiscalYearOf(new Date(2026, 3, 1), 4)).toBe(2026);
  });
  it('with start month 1, every month belongs to the calendar year', () => {
    expect(fiscalYearOf(new Date(2026, 0, 1), 1)).toBe(2026);
    expect(fiscalYearOf(new Date(2026, 11, 31), 1)).toBe(2026);
  });
});
