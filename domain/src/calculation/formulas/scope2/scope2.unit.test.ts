import { describe, expect, it } from 'vitest';
import { ok } from '../../testing';

// The national-average grid factor is not shipped (no source cleared for redistribution yet); this
// test enters an illustrative location-based value on the line, as a user would.
const GRID = { value: 0.434, unit: 'kg-CO2/kWh', label: 'illustrative grid average (test)' };

describe('Scope 2: location- vs market-based with a non-fossil certificate', () => {
  it('10,000 kWh: location 10,000 × 0.434 = 4,340 kg; market (10,000 − 4,000 certified) × 0.464 = 2,784 kg', () => {
    const location = ok('s2.location', { amount: { value: 10000, unit: 'kWh' }, emissionIntensity: GRID });
    expect(location.co2eKg).toBeCloseTo(4340, 9);
    expect(location.basis).toBe('location');

    const market = ok('s2.market', {
      amount: { value: 10000, unit: 'kWh' },
      certificates: { value: 4000, unit: 'kWh' },
      emissionIntensity: 'jp-shk-electricity-suppliers:shikoku.menuC',
    });
    expect(market.co2eKg).toBeCloseTo(2784, 9);
    expect(market.basis).toBe('market');
    expect(market.factors[0]).toMatchObject({ setId: 'jp-shk-electricity-suppliers', version: 'FY2023', key: 'shikoku.menuC', confirmed: false });
  });

  it('certificates in MWh against use in kWh are converted exactly (4 MWh = 4,000 kWh)', () => {
    const r = ok('s2.market', { amount: { value: 10000, unit: 'kWh' }, certificates: { value: 4, unit: 'MWh' }, emissionIntensity: 'jp-shk-electricity-suppliers:shikoku.menuC' });
    expect(r.co2eKg).toBeCloseTo(2784, 9);
  });

  it('a renewable menu (A) is zero; more certificates than use gives zero and a warning', () => {
    expect(ok('s2.market', { amount: 5000, emissionIntensity: 'jp-shk-electricity-suppliers:shikoku.menuA' }).co2eKg).toBe(0);
    const over = ok('s2.market', { amount: 10000, certificates: 12000, emissionIntensity: 'jp-shk-electricity-suppliers:shikoku.menuC' });
    expect(over.co2eKg).toBe(0);
    expect(over.warnings.map((w) => w.code)).toEqual(['certificate_exceeds_consumption']);
  });

  it('location-based ignores certificates by construction (no certificate field)', () => {
    const r = ok('s2.location', { amount: 10000, certificates: 4000, emissionIntensity: GRID });
    expect(r.co2eKg).toBeCloseTo(4340, 9);
  });

  it('purchased steam (EPA): 100 mmBtu → CO2 6,633 kg, CH4 0.125 kg, N2O 0.0125 kg; AR6 CO2e 6,639.9', () => {
    const r = ok('s2.location', { amount: { value: 100, unit: 'mmBtu' }, emissionIntensity: 'us-epa-hub:steam' }, { gwpSet: 'AR6' });
    expect(r.gasesKg.CO2).toBeCloseTo(6633, 9);
    expect(r.co2eKg).toBeCloseTo(6633 + 0.125 * 27.9 + 0.0125 * 273, 9);
  });
});
