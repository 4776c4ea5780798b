import { describe, expect, it } from 'vitest';
import { asOfFromLocal, figureIn, isAsOf, kgOf, localFromAsOf, shortHash } from './figures';

describe('report figures', () => {
  it('reads the exact decimal text as a number only to show it, in the unit shown', () => {
    expect(kgOf('1234.500000')).toBe(1234.5);
    expect(kgOf('-0.250000')).toBe(-0.25);
    expect(kgOf(null)).toBeNull();
    expect(figureIn('1500.000000', 't')).toBe(1.5);
    expect(figureIn('1500.000000', 'kg')).toBe(1500);
    expect(figureIn(null, 't')).toBeNull();
  });

  it('shortens a hash to its first 12 characters', () => {
    expect(shortHash('0123456789abcdef0123')).toBe('0123456789ab');
  });

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
  });
});
