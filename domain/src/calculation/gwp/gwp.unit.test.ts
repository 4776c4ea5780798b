import { describe, expect, it } from 'vitest';
import { BLEND_BY_ID, blendGwp, validBlend } from './blends';
import { GASES } from './gases';
import { GWP_AR5, GWP_AR6, GWP_JP_SHK_2024, GWP_SETS } from './sets';

describe('GWP sets', () => {
  it('AR5 and AR6 cover every gas the engine knows; values as published', () => {
    for (const gas of GASES) {
      expect(GWP_AR5.values[gas], `AR5 ${gas}`).toBeDefined();
      expect(GWP_AR6.values[gas], `AR6 ${gas}`).toBeDefined();
    }
    expect([GWP_AR5.values.CH4?.value, GWP_AR5.values['CH4-fossil']?.value, GWP_AR5.values.N2O?.value, GWP_AR5.values.SF6?.value]).toEqual([28, 30, 265, 23500]);
    expect([GWP_AR6.values.CH4?.value, GWP_AR6.values['CH4-fossil']?.value, GWP_AR6.values.N2O?.value, GWP_AR6.values.SF6?.value]).toEqual([27.9, 29.8, 273, 25200]);
  });

  it('the SHK list is marked unconfirmed, value by value, and has no fossil-CH4 entry', () => {
    expect(Object.values(GWP_JP_SHK_2024.values).every((v) => v!.confirmed === false && v!.note)).toBe(true);
    expect(GWP_JP_SHK_2024.values['CH4-fossil']).toBeUndefined();
  });

  it('every set has a citation and licence note', () => {
    for (const s of GWP_SETS) expect(s.citation && s.licence && s.title.ja && s.title.en && s.title.zhHans, s.id).toBeTruthy();
  });
});

describe('refrigerant blends: mass-weighted sums of component GWPs', () => {
  const r404a = BLEND_BY_ID.get('R-404A')!.components;
  const r410a = BLEND_BY_ID.get('R-410A')!.components;

  it('R-404A = 44 % HFC-125 + 52 % HFC-143a + 4 % HFC-134a', () => {
    // AR5: 0.44 × 3170 + 0.52 × 4800 + 0.04 × 1300 = 1394.8 + 2496 + 52 = 3942.8
    expect(blendGwp(GWP_AR5, r404a)).toBeCloseTo(3942.8, 9);
    // AR6: 0.44 × 3740 + 0.52 × 5810 + 0.04 × 1530 = 1645.6 + 3021.2 + 61.2 = 4728
    expect(blendGwp(GWP_AR6, r404a)).toBeCloseTo(4728, 9);
  });

  it('R-410A = 50 % HFC-32 + 50 % HFC-125', () => {
    // AR5: 0.5 × 677 + 0.5 × 3170 = 338.5 + 1585 = 1923.5
    expect(blendGwp(GWP_AR5, r410a)).toBeCloseTo(1923.5, 9);
    // AR6: 0.5 × 771 + 0.5 × 3740 = 385.5 + 1870 = 2255.5
    expect(blendGwp(GWP_AR6, r410a)).toBeCloseTo(2255.5, 9);
  });

  it('compositions sum to 100 %; a blend with a missing component has no GWP', () => {
    expect(validBlend(r404a) && validBlend(r410a)).toBe(true);
    expect(validBlend([{ gas: 'HFC-32', massFraction: 0.6 }])).toBe(false);
    expect(blendGwp(GWP_JP_SHK_2024, [{ gas: 'CH4-fossil', massFraction: 1 }])).toBeNull();
  });
});
