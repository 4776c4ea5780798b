import { describe, expect, it } from 'vitest';
import { DEFAULT_START_MONTH, defaultFiscalYear, fiscalYearOptions, fiscalYearRange, parseStoredFiscalYear } from './fiscalYear';

/** Noon in Japan on that day (the company's calendar). */
const at = (y: number, m: number, d = 15) => new Date(Date.UTC(y, m - 1, d, 3));

describe('fiscal-year default rule', () => {
  it('defaults the start month to April', () => {
    expect(DEFAULT_START_MONTH).toBe(4);
    expect(defaultFiscalYear(at(2026, 3), undefined)).toBe(2025);
    expect(defaultFiscalYear(at(2026, 4), null)).toBe(2026);
  });

  it('is the current year from the start month on, the previous year before it', () => {
    expect(defaultFiscalYear(at(2026, 3, 31), 4)).toBe(2025);
    expect(defaultFiscalYear(at(2026, 4, 1), 4)).toBe(2026);
    expect(defaultFiscalYear(at(2026, 12, 31), 4)).toBe(2026);
    expect(defaultFiscalYear(at(2026, 1, 1), 4)).toBe(2025);
  });

  it('with a January start is always the calendar year', () => {
    for (let m = 1; m <= 12; m += 1) expect(defaultFiscalYear(at(2026, m), 1)).toBe(2026);
  });

  it('with other start months', () => {
    expect(defaultFiscalYear(at(2026, 9), 10)).toBe(2025);
    expect(defaultFiscalYear(at(2026, 10), 10)).toBe(2026);
    expect(defaultFiscalYear(at(2026, 11), 12)).toBe(2025);
    expect(defaultFiscalYear(at(2026, 12), 12)).toBe(2026);
  });

  it("reads the current date on Japan's calendar, whatever the browser's time zone", () => {
    // 23:30 in Tokyo on 31 March is 14:30 UTC; 00:30 on 1 April is 15:30 UTC.
    expect(defaultFiscalYear(new Date('2026-03-31T14:30:00Z'), 4)).toBe(2025);
    expect(defaultFiscalYear(new Date('2026-03-31T15:30:00Z'), 4)).toBe(2026);
  });

  it('treats an invalid start month as April', () => {
    expect(defaultFiscalYear(at(2026, 3), 0)).toBe(2025);
    expect(defaultFiscalYear(at(2026, 3), 13)).toBe(2025);
  });

  it('gives the first and last day of a fiscal year', () => {
    expect(fiscalYearRange(2025, 4)).toEqual({ start: '2025-04-01', end: '2026-03-31' });
    expect(fiscalYearRange(2025, 1)).toEqual({ start: '2025-01-01', end: '2025-12-31' });
    expect(fiscalYearRange(2023, 3)).toEqual({ start: '2023-03-01', end: '2024-02-29' });
  });

  it('offers recent years and keeps a selected older one', () => {
    expect(fiscalYearOptions(2025).slice(0, 3)).toEqual([2026, 2025, 2024]);
    expect(fiscalYearOptions(2025)).toHaveLength(12);
    expect(fiscalYearOptions(2025, 1999).at(-1)).toBe(1999);
  });

  it('parses the persisted selection', () => {
    expect(parseStoredFiscalYear('2024')).toBe(2024);
    expect(parseStoredFiscalYear(null)).toBeNull();
    expect(parseStoredFiscalYear('abc')).toBeNull();
    expect(parseStoredFiscalYear('20.5')).toBeNull();
  });
});
