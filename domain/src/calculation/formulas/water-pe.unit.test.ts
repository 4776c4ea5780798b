import { describe, expect, it } from 'vitest';
import { ok } from '../testing';

describe('water', () => {
  it('1,000 m³ supplied × 0.19130 + 800 m³ treated × 0.17088 = 191.3 + 136.704 = 328.004 kg', () => {
    const r = ok('water.supply-treatment', { supplyVolume: 1000, supplyIntensity: 'uk-desnz:water.supply', treatmentVolume: { value: 0.8, unit: '千m3' }, treatmentIntensity: 'uk-desnz:water.treatment' });
    expect(r.co2eKg).toBeCloseTo(328.004, 9);
    expect(r.scope).toBe('water');
  });
});

describe('plant engineering', () => {
  it('machinery fuel: 2 units × 100 h × 15 L/h = 3,000 L × 2.58 = 7,740 kg; L/day and days convert (2 × 240 h × 5 L/h)', () => {
    expect(ok('pe.machinery-fuel', { units: 2, operatingTime: 100, fuelRate: 15, emissionIntensity: 'jp-shk:fuel.diesel' }).co2eKg).toBeCloseTo(7740, 9);
    expect(ok('pe.machinery-fuel', { units: 2, operatingTime: { value: 10, unit: 'day' }, fuelRate: { value: 120, unit: 'L/day' }, emissionIntensity: 'jp-shk:fuel.diesel' }).co2eKg).toBeCloseTo(6192, 9);
  });

  it('temporary house: 50 m² × 100 days × 0.5 = 2,500 kWh × 0.464 = 1,160 kg; not used = 0', () => {
    const f = 'jp-shk-electricity-suppliers:shikoku.menuC';
    expect(ok('pe.temporary-house', { area: 50, days: 100, emissionIntensity: f }).co2eKg).toBeCloseTo(1160, 9);
    expect(ok('pe.temporary-house', { used: 'no', area: 50, days: 100, emissionIntensity: f }).co2eKg).toBe(0);
  });

  it('commuting estimate: 2,000 person-days ÷ 100 days × 30 % = 6 people × 500 km × 2 × 0.0236 = 141.6; inside 2,000 × 70 % × 10 × 2 × 0.198 = 5,544', () => {
    const r = ok('pe.commuting-estimate', { manhours: 2000, period: 100, outsideRatio: 30, outsideIntensity: 'jp-moe-scdb:commuting.rail', insideIntensity: 'jp-moe-scdb:commuting.car' });
    expect(r.co2eKg).toBeCloseTo(141.6 + 5544, 9);
  });

  it('commuting actual: 6 people × 350 km × 2 × 0.0236 = 99.12 kg; without a prefecture distance, 500 km', () => {
    expect(ok('pe.commuting-actual', { personnel: 6, distance: 350, emissionIntensity: 'jp-moe-scdb:commuting.rail' }).co2eKg).toBeCloseTo(99.12, 9);
    expect(ok('pe.commuting-actual', { personnel: 6, emissionIntensity: 'jp-moe-scdb:commuting.car' }).co2eKg).toBeCloseTo(6 * 500 * 2 * 0.198, 9);
  });

  it('accommodation estimate: 2,000 × 30 % = 600 nights × 39.0 = 23,400 kg; actual 120 nights × 39.0 = 4,680 kg', () => {
    expect(ok('pe.accommodation-estimate', { manhours: 2000, outsideRatio: 30, emissionIntensity: 'uk-desnz:hotel.JP' }).co2eKg).toBeCloseTo(23400, 9);
    expect(ok('pe.accommodation-actual', { amount: { value: 120, unit: 'night' }, emissionIntensity: 'uk-desnz:hotel.JP' }).co2eKg).toBeCloseTo(4680, 9);
  });

  it('procurement estimate: 100,000,000 JPY × 40 % × 2.1 t/百万円 = 84,000 kg', () => {
    expect(ok('pe.procurement-estimate', { contractAmount: 100_000_000, costRatio: 40, emissionIntensity: { value: 2.1, unit: 't-CO2e/百万円' } }).co2eKg).toBeCloseTo(84000, 6);
  });
});
