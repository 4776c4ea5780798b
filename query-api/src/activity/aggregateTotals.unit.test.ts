import { describe, expect, it } from 'vitest';
import { aggregateTotals, scopeOfCategory, shareOf } from './aggregateTotals';

describe('emissions aggregate totals', () => {
  it('counts every scope-3 category under scope 3, and scopes 1, 2 and water as themselves', () => {
    expect(['1', '2', '31', '39', '315', 'water'].map((c) => scopeOfCategory(c as never))).toEqual(['1', '2', '3', '3', '3', 'water']);
  });

  it('gives each category and scope its share of the total: 2,580 / 8,000 = 0.3225, 1,080 / 8,000 = 0.135, 4,340 / 8,000 = 0.5425', () => {
    const totals = aggregateTotals([
      { scopeCategory: '31', scope: '3', co2eKg: 1080, lines: 1 },
      { scopeCategory: '1', scope: '1', co2eKg: 2580, lines: 2 },
      { scopeCategory: '2', scope: '2', co2eKg: 4340, lines: 1 },
      { scopeCategory: null, scope: '1', co2eKg: 2580, lines: 2 },
      { scopeCategory: null, scope: '2', co2eKg: 4340, lines: 1 },
      { scopeCategory: null, scope: '3', co2eKg: 1080, lines: 1 },
      { scopeCategory: null, scope: null, co2eKg: 8000, lines: 4 },
    ]);
    expect(totals.total).toEqual({ co2eKg: 8000, lines: 4 });
    // Catalogue order, not the order the rows came in.
    expect(totals.byCategory).toEqual([
      { scopeCategory: '1', co2eKg: 2580, lines: 2, share: 0.3225 },
      { scopeCategory: '2', co2eKg: 4340, lines: 1, share: 0.5425 },
      { scopeCategory: '31', co2eKg: 1080, lines: 1, share: 0.135 },
    ]);
    // Every scope is listed, water with nothing at zero.
    expect(totals.byScope).toEqual([
      { scope: '1', co2eKg: 2580, lines: 2, share: 0.3225 },
      { scope: '2', co2eKg: 4340, lines: 1, share: 0.5425 },
      { scope: '3', co2eKg: 1080, lines: 1, share: 0.135 },
      { scope: 'water', co2eKg: 0, lines: 0, share: 0 },
    ]);
  });

  it('has nothing to share when there are no lines: total 0, every share 0', () => {
    const totals = aggregateTotals([]);
    expect(totals.total).toEqual({ co2eKg: 0, lines: 0 });
    expect(totals.byCategory).toEqual([]);
    expect(totals.byScope.map((s) => s.share)).toEqual([0, 0, 0, 0]);
    expect(shareOf(5, 0)).toBe(0);
  });
});
