import { describe, expect, it } from 'vitest';
import { trendYears } from '../views/core/filters';
import { scopeSplit, yearTrend } from './figures';

describe('scopeSplit', () => {
  // Rows grouped by scope and category: scope 3 comes in two categories.
  const rows = [
    { scope: '1' as const, co2eKg: 100 },
    { scope: '2' as const, co2eKg: 300 },
    { scope: '3' as const, co2eKg: 50 },
    { scope: '3' as const, co2eKg: 50 },
  ];

  it('sums each scope, gives its share of the total and leaves water out when the year has none', () => {
    const split = scopeSplit(rows, 500);
    expect(split.map((s) => s.scope)).toEqual(['1', '2', '3']);
    expect(split.map((s) => s.kg)).toEqual([100, 300, 100]);
    expect(split.map((s) => s.share)).toEqual([100 / 500, 300 / 500, 100 / 500]);
    expect(split.reduce((kg, s) => kg + s.kg, 0)).toBe(500);
  });

  it('shows water when a water row exists, and a scope without lines as zero', () => {
    const split = scopeSplit([{ scope: 'water', co2eKg: 7 }], 7);
    expect(split).toEqual([
      { scope: '1', kg: 0, share: 0 },
      { scope: '2', kg: 0, share: 0 },
      { scope: '3', kg: 0, share: 0 },
      { scope: 'water', kg: 7, share: 1 },
    ]);
  });

  it('gives no share of an empty year', () => {
    expect(scopeSplit([], 0).every((s) => s.share === 0)).toBe(true);
  });
});

describe('yearTrend', () => {
  it('gives every year asked for, oldest first, a year without rows as zero', () => {
    const trend = yearTrend(
      [
        { fiscalYear: 2024, scope: '1', co2eKg: 10 },
        { fiscalYear: 2024, scope: '3', co2eKg: 5 },
        { fiscalYear: 2022, scope: '2', co2eKg: 2 },
        { fiscalYear: 2019, scope: '1', co2eKg: 999 },
      ],
      trendYears(2024),
    );
    expect(trend.map((y) => y.year)).toEqual([2020, 2021, 2022, 2023, 2024]);
    expect(trend.map((y) => y.kg)).toEqual([0, 0, 2, 0, 10 + 5]);
    expect(trend[4]!.byScope).toEqual({ '1': 10, '2': 0, '3': 5, water: 0 });
  });
});
