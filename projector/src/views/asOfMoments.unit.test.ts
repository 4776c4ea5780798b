import { describe, expect, it } from 'vitest';
import { isThinnedIndex, thinnedIndexes } from './asOfMoments';

describe('thinning the as-of moments', () => {
  it('given no more moments than the limit, when thinned, then every moment is kept', () => {
    expect(thinnedIndexes(0, 3)).toEqual([]);
    expect(thinnedIndexes(5, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(thinnedIndexes(2, 300)).toEqual([0, 1]);
  });

  it('given 12 moments and a limit of 5, when thinned, then ranks 0 … 10 are spread evenly and the newest, 11, is kept', () => {
    // s = (12 − 2) ÷ (5 − 2) = 10/3 = 3.33…: round(0) = 0, round(3.33) = 3, round(6.67) = 7, round(10) = 10; then 11.
    expect(thinnedIndexes(12, 5)).toEqual([0, 3, 7, 10, 11]);
  });

  it('given 1,002 moments and a limit of 300, when thinned, then 300 are kept: the first, the one before the newest and the newest among them, evenly spaced', () => {
    const kept = thinnedIndexes(1002, 300);
    expect(kept).toHaveLength(300);
    expect(kept.slice(0, 1)).toEqual([0]);
    expect(kept.slice(-2)).toEqual([1000, 1001]);
    // s = 1,000 ÷ 298 = 3.356: the gaps between kept ranks before the newest are 3 or 4, never anything else.
    const gaps = new Set(kept.slice(0, -1).map((r, i, all) => (i === 0 ? null : r - all[i - 1]!)).filter((g) => g !== null));
    expect([...gaps].sort()).toEqual([3, 4]);
  });

  it('given one moment more than the limit, when thinned, then exactly one is dropped', () => {
    // 301 moments, limit 300: s = 299 ÷ 298; k = 149 gives round(149.5) = 150 and k = 150 gives round(150.5) = 151: rank 149 is dropped.
    const kept = thinnedIndexes(301, 300);
    expect(kept).toHaveLength(300);
    expect(Array.from({ length: 301 }, (_, i) => i).filter((i) => !kept.includes(i))).toEqual([149]);
  });

  it('given any count and limit, when each rank is tested alone (as the SQL does), then exactly the thinned ranks pass', () => {
    for (const limit of [3, 4, 5, 7, 50, 300])
      for (const count of [0, 1, 2, 3, 4, 5, 6, 9, 10, 51, 299, 300, 301, 997, 5000]) {
        const kept = thinnedIndexes(count, limit);
        expect(kept.length).toBe(Math.min(count, limit));
        expect(new Set(kept).size).toBe(kept.length);
        const tested = Array.from({ length: count }, (_, i) => i).filter((i) => isThinnedIndex(i, count, limit));
        expect(tested, `count ${count}, limit ${limit}`).toEqual(kept);
      }
  });

  it('refuses a limit below 3 (the first, the one before the newest and the newest)', () => {
    expect(() => thinnedIndexes(10, 2)).toThrow(RangeError);
  });
});
