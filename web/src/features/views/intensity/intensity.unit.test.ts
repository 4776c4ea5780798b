import { describe, expect, it } from 'vitest';
import { intensityYears, perUnit, valuesOf } from './intensity';

describe('intensity', () => {
  it('given an emission and a value, when divided, then kg per unit; a missing or zero value gives no figure', () => {
    // 12,500 kg / 250 (百万円) = 50 kg per 百万円
    expect(perUnit(12_500, 250)).toBe(50);
    expect(perUnit(12_500, null)).toBeNull();
    expect(perUnit(12_500, undefined)).toBeNull();
    expect(perUnit(12_500, 0)).toBeNull();
    expect(perUnit(0, 4)).toBe(0);
  });

  it('given totals by year and by scope and values for two of three years, then each year divided by its own value, the year without one left empty', () => {
    const totals = [
      { fiscalYear: 2023, co2eKg: 9_000 },
      { fiscalYear: 2024, co2eKg: 12_000 },
      { fiscalYear: 2025, co2eKg: 6_000 },
    ];
    const scopes = [
      { fiscalYear: 2024, scope: '1' as const, co2eKg: 3_000 },
      { fiscalYear: 2024, scope: '2' as const, co2eKg: 4_000 },
      { fiscalYear: 2024, scope: '3' as const, co2eKg: 4_800 },
      { fiscalYear: 2024, scope: 'water' as const, co2eKg: 200 },
      { fiscalYear: 2025, scope: '1' as const, co2eKg: 6_000 },
    ];
    const values = valuesOf('sales', [
      { intensityId: 'sales', fiscalYear: 2024, value: 400 },
      { intensityId: 'sales', fiscalYear: 2025, value: 1_500 },
      { intensityId: 'tonKm', fiscalYear: 2023, value: 1 },
    ]);
    const [y2023, y2024, y2025] = intensityYears([2023, 2024, 2025], totals, scopes, values);
    // 2023: 9,000 kg but no value of this intensity (the 2023 value is another intensity's).
    expect(y2023).toMatchObject({ value: null, totalKg: 9_000, totalPerUnit: null, scopePerUnit: { '1': null, '2': null, '3': null } });
    // 2024: 12,000 / 400 = 30; scope 1 3,000 / 400 = 7.5; scope 2 4,000 / 400 = 10; scope 3 4,800 / 400 = 12 (water in the total only).
    expect(y2024).toMatchObject({ value: 400, totalKg: 12_000, totalPerUnit: 30, scopeKg: { '1': 3_000, '2': 4_000, '3': 4_800 }, scopePerUnit: { '1': 7.5, '2': 10, '3': 12 } });
    // 2025: 6,000 / 1,500 = 4; scopes without rows are 0 kg, so 0 per unit.
    expect(y2025).toMatchObject({ value: 1_500, totalPerUnit: 4, scopePerUnit: { '1': 4, '2': 0, '3': 0 } });
  });
});
