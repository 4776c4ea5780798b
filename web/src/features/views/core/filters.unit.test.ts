import { describe, expect, it } from 'vitest';
import { calendarMonth, goalProgress, inUnit, trendYears } from './filters';

describe('view filters', () => {
  it('given a fiscal year, then the five years of a trend up to it, oldest first', () => {
    expect(trendYears(2025)).toEqual([2021, 2022, 2023, 2024, 2025]);
    expect(trendYears(2025, 2)).toEqual([2024, 2025]);
  });

  it('fiscal month 1 of an April year is April, 9 is December, 10 is January', () => {
    expect([1, 9, 10, 12].map((n) => calendarMonth(n, 4))).toEqual([4, 12, 1, 3]);
    expect([1, 12].map((n) => calendarMonth(n, 1))).toEqual([1, 12]);
  });

  it('progress to a goal: base 1,000 t, goal 540 t (46 % less); at 770 t half of the 460 t planned is done', () => {
    // (1,000 − 770) / (1,000 − 540) = 230 / 460 = 0.5
    expect(goalProgress(1000, 540, 770)).toBe(0.5);
    expect(goalProgress(1000, 540, 1000)).toBe(0);
    expect(goalProgress(1000, 540, 540)).toBe(1);
    // Emissions grew to 1,092 t: −92 / 460 = −0.2
    expect(goalProgress(1000, 540, 1092)).toBeCloseTo(-0.2, 12);
    expect(goalProgress(500, 500, 400)).toBeNull();
  });

  it('shows kg in tonnes or as they are', () => {
    expect(inUnit(2580, 't')).toBe(2.58);
    expect(inUnit(2580, 'kg')).toBe(2580);
  });
});
