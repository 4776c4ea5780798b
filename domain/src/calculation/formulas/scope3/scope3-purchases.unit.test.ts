import { describe, expect, it } from 'vitest';
import { err, ok } from '../../testing';

// Per-yen factors from the supply-chain DB are not shipped; tests enter illustrative values.
const PER_MILLION_YEN = { value: 2.5, unit: 't-CO2e/million_JPY', label: 'illustrative (test)' };

describe('spend-based (categories 1, 2, 3, 4, 5, 6, 7, 12, 15, plant procurement)', () => {
  it('yen: 500 千円 = 500,000 JPY × 2.5 t/百万円 (0.0025 kg/JPY) = 1,250 kg CO2e, unsplit by gas', () => {
    const r = ok('s3.1.spend', { spend: { value: 500, unit: '千円' }, emissionIntensity: PER_MILLION_YEN });
    expect(r.co2eKg).toBeCloseTo(1250, 9);
    expect(r.gasesKg).toEqual({ CO2e: r.co2eKg });
    expect(r.warnings).toEqual([]);
  });

  it('USD with no rate for the fiscal year: the default of 100 JPY/USD is used and flagged', () => {
    const r = ok('s3.1.spend', { spend: { value: 1000, unit: 'USD' }, emissionIntensity: PER_MILLION_YEN });
    expect(r.co2eKg).toBeCloseTo(1000 * 100 * 0.0025, 9); // 250 kg
    expect(r.warnings).toEqual([{ code: 'default_currency_rate', detail: 'no USD rate for fiscal year 2022; 100 yen per USD used' }]);
  });

  it('USD with the fiscal-year rate: 1,000 USD × 150.25 JPY/USD × 0.0025 kg/JPY = 375.625 kg; the rate of another year is not used', () => {
    const rates = [{ fiscalYear: 2022, currencyUnit: 'usd', rate: 150.25 }];
    expect(ok('s3.2.spend', { spend: { value: 1000, unit: 'USD' }, emissionIntensity: PER_MILLION_YEN }, { currencyRates: rates }).co2eKg).toBeCloseTo(375.625, 9);
    const nextYear = ok('s3.2.spend', { spend: { value: 1000, unit: 'USD' }, emissionIntensity: PER_MILLION_YEN }, { currencyRates: rates, fiscalYear: 2023 });
    expect(nextYear.co2eKg).toBeCloseTo(250, 9);
    expect(nextYear.warnings[0]?.code).toBe('default_currency_rate');
  });

  it('a per-USD factor takes USD as is, and other currencies through yen: 100 EUR × 160 ÷ 150 = 106.67 USD × 0.3 = 32 kg', () => {
    const perUsd = { value: 0.3, unit: 'kg-CO2e/USD' };
    expect(ok('s3.1.spend', { spend: { value: 1000, unit: 'USD' }, emissionIntensity: perUsd }).co2eKg).toBeCloseTo(300, 9);
    const rates = [
      { fiscalYear: 2022, currencyUnit: 'EUR', rate: 160 },
      { fiscalYear: 2022, currencyUnit: 'USD', rate: 150 },
    ];
    expect(ok('s3.1.spend', { spend: { value: 100, unit: 'EUR' }, emissionIntensity: perUsd }, { currencyRates: rates }).co2eKg).toBeCloseTo(32, 9);
  });

  it('spend must be money', () => {
    expect(err('s3.1.spend', { spend: { value: 10, unit: 'kg' }, emissionIntensity: PER_MILLION_YEN })).toMatchObject({ error: 'unit_mismatch', field: 'spend' });
    expect(err('s3.1.spend', { spend: 10, emissionIntensity: { value: 1, unit: 'kg-CO2e/kg' } })).toMatchObject({ error: 'unit_mismatch', field: 'emissionIntensity' });
  });
});

describe('category 1 activity and supplier-specific; category 10', () => {
  it('2 t of steel × 1.9 t-CO2e/t (supplier value) = 3,800 kg', () => {
    expect(ok('s3.1.activity', { amount: { value: 2, unit: 't' }, emissionIntensity: { value: 1.9, unit: 't-CO2e/t' } }).co2eKg).toBeCloseTo(3800, 9);
  });

  it('supplier-reported 120 t-CO2e × contribution rate 15 % = 18,000 kg CO2e', () => {
    const r = ok('s3.1.supplier', { reportedEmissions: { value: 120, unit: 't-CO2e' }, share: 15 });
    expect(r.co2eKg).toBeCloseTo(18000, 9);
    expect(r.gasesKg).toEqual({ CO2e: r.co2eKg });
  });

  it('processing of sold products: 100 t × 0.2 t-CO2e/t = 20,000 kg; processor-reported 500 t × 10 % = 50,000 kg', () => {
    expect(ok('s3.10.activity', { amount: { value: 100, unit: 't' }, emissionIntensity: { value: 0.2, unit: 't-CO2e/t' } }).co2eKg).toBeCloseTo(20000, 9);
    expect(ok('s3.10.customer', { reportedEmissions: { value: 500, unit: 't-CO2e' }, share: 10 }).co2eKg).toBeCloseTo(50000, 9);
  });
});

describe('category 3 — upstream of fuels and energy (WTT only)', () => {
  it('1,000 L diesel × 0.61101 kg-CO2e/L (DESNZ WTT) = 611.01 kg', () => {
    expect(ok('s3.3.fuel-upstream', { amount: 1000, emissionIntensity: 'uk-desnz:wtt.diesel' }).co2eKg).toBeCloseTo(611.01, 9);
  });

  it('natural gas WTT per kWh (gross CV): 36 GJ = 10,000 kWh × 0.03021 = 302.1 kg', () => {
    expect(ok('s3.3.fuel-upstream', { amount: { value: 36, unit: 'GJ' }, emissionIntensity: 'uk-desnz:wtt.naturalGas' }).co2eKg).toBeCloseTo(302.1, 9);
  });

  it('a combustion (TTW) factor is refused here: it belongs to Scope 1', () => {
    expect(err('s3.3.fuel-upstream', { amount: 1000, emissionIntensity: 'jp-shk:fuel.diesel' })).toMatchObject({ error: 'factor_stage_not_allowed' });
  });

  it('upstream of electricity with an entered factor (untagged values count)', () => {
    expect(ok('s3.3.electricity-upstream', { amount: 10000, emissionIntensity: { value: 0.05, unit: 'kg-CO2e/kWh' } }).co2eKg).toBeCloseTo(500, 9);
  });
});

describe('category 5 — waste', () => {
  it('landfill 2 t × 520.5327 = 1,041.0654 kg; incineration with energy recovery 500 kg × 4.68568/t = 2.34284 kg', () => {
    expect(ok('s3.5.waste', { amount: { value: 2, unit: 't' }, emissionIntensity: 'uk-desnz:waste.commercialIndustrial.landfill' }).co2eKg).toBeCloseTo(1041.0654, 9);
    expect(ok('s3.5.waste', { amount: { value: 500, unit: 'kg' }, emissionIntensity: 'uk-desnz:waste.commercialIndustrial.incinerationEnergyRecovery' }).co2eKg).toBeCloseTo(2.34284, 9);
  });
});
