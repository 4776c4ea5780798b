import { describe, expect, it } from 'vitest';
import { isAsOf } from '@ghg/api';
import { asOfFromLocal, isPosition, localFromAsOf } from './asOf';

describe('as of a moment', () => {
  it('turns the date-time input into an asOf the API takes, and back', () => {
    const asOf = asOfFromLocal('2026-04-01T09:30');
    expect(asOf).not.toBeNull();
    expect(isAsOf(asOf!)).toBe(true);
    expect(new Date(asOf!).getTime()).toBe(new Date(2026, 3, 1, 9, 30).getTime());
    expect(localFromAsOf(asOf)).toBe('2026-04-01T09:30');
    expect(asOfFromLocal('')).toBeNull();
    expect(asOfFromLocal('yesterday')).toBeNull();
    // A commit position has no date-time to show.
    expect(localFromAsOf('1234')).toBe('');
    expect(localFromAsOf(null)).toBe('');
  });

  it('accepts a position or a date-time with its offset as asOf, nothing else', () => {
    expect(isAsOf('1234')).toBe(true);
    expect(isAsOf('2026-04-01T00:30:00+09:00')).toBe(true);
    expect(isAsOf('2026-04-01T00:30:00.000Z')).toBe(true);
    expect(isAsOf('2026-04-01T00:30')).toBe(false);
    expect(isAsOf('<script>')).toBe(false);
    expect(isAsOf('99999999999999999999')).toBe(false); // beyond a bigint
    expect(isAsOf('2026-13-45T00:30:00Z')).toBe(false);
    // Outside the timestamps PostgreSQL holds: year 0, and past 9999 once the offset is applied.
    expect(isAsOf('0000-01-01T00:00:00Z')).toBe(false);
    expect(isAsOf('9999-12-31T23:59:00-14:00')).toBe(false);
    expect(isAsOf('9999-12-31T23:59:00+14:00')).toBe(true);
    expect(isPosition('1234')).toBe(true);
    expect(isPosition('2026-04-01T00:30:00Z')).toBe(false);
  });
});
