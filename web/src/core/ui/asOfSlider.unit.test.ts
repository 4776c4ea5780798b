import { describe, expect, it } from 'vitest';
import { asOfOfStop, isOnStop, stopOf, stopPercent, yearTicks } from './asOfSlider';

/** Four moments: two in 2025, two in 2026 (UTC). */
const moments = [
  { position: '40', at: '2025-05-01T00:00:00.000Z' },
  { position: '134', at: '2025-11-30T12:00:00.000Z' },
  { position: '230', at: '2026-02-01T09:00:00.000Z' },
  { position: '528', at: '2026-11-28T01:37:03.426Z' },
];

describe('the as-of time slider', () => {
  it('given now (no asOf), when placed, then it stands at the last stop, which puts no asOf in the address', () => {
    expect(stopOf(moments, null)).toBe(3);
    expect(asOfOfStop(moments, 3)).toBeNull();
    expect(isOnStop(moments, 3, null)).toBe(true);
  });

  it('given a position, when placed, then it stands at the last moment at or before it', () => {
    expect(stopOf(moments, '134')).toBe(1);
    // 200 lies between 134 and 230: what 200 shows is what 134 shows.
    expect(stopOf(moments, '200')).toBe(1);
    expect(isOnStop(moments, 1, '200')).toBe(false);
    expect(isOnStop(moments, 1, '134')).toBe(true);
    // Before the first moment: no stop.
    expect(stopOf(moments, '39')).toBe(-1);
    expect(stopOf([], '39')).toBe(-1);
  });

  it('given a date-time, when placed, then it stands at the last moment at or before that time', () => {
    expect(stopOf(moments, '2026-01-01T00:00:00.000Z')).toBe(1);
    expect(stopOf(moments, '2026-02-01T18:00:00+09:00')).toBe(2); // 09:00 UTC, the third moment's time exactly
    expect(stopOf(moments, '2024-12-31T00:00:00Z')).toBe(-1);
  });

  it('given a stop other than the last, when committed, then the address carries its position', () => {
    expect(asOfOfStop(moments, 0)).toBe('40');
    expect(asOfOfStop(moments, 2)).toBe('230');
  });

  it('given moments over two years, when ticked, then each year has one tick at its first moment, placed along the track', () => {
    const year = (at: string) => new Date(at).getUTCFullYear();
    expect(yearTicks(moments, year)).toEqual([
      { stop: 0, year: 2025 },
      { stop: 2, year: 2026 },
    ]);
    // Four stops: 0 %, 33.3 %, 66.7 %, 100 % (stop ÷ 3 × 100).
    expect(stopPercent(2, 4)).toBeCloseTo(66.667, 3);
    expect(stopPercent(0, 1)).toBe(0);
  });
});
