import { describe, expect, it } from 'vitest';
import { err, ok } from '../../testing';

describe('s1.fuel — fuel × emission factor', () => {
  it('diesel by the SHK published factor: 1,000 L × 2.58 kg-CO2/L = 2,580 kg CO2', () => {
    const r = ok('s1.fuel', { amount: 1000, emissionIntensity: 'jp-shk:fuel.diesel' });
    expect(r.gasesKg).toEqual({ CO2: 2580 });
    expect(r.co2eKg).toBe(2580);
    expect(r.factors[0]).toMatchObject({ setId: 'jp-shk', version: 'legacy', key: 'fuel.diesel' });
  });

  it('converts the activity unit exactly: 2.5 kL × 2,580 kg/kL = 6,450 kg', () => {
    expect(ok('s1.fuel', { amount: { value: 2.5, unit: 'kL' }, emissionIntensity: 'jp-shk:fuel.diesel' }).co2eKg).toBe(6450);
    expect(ok('s1.fuel', { amount: { value: 2.5, unit: 'キロリットル' }, emissionIntensity: 'jp-shk:fuel.diesel' }).co2eKg).toBe(6450);
  });

  it('EPA natural gas keeps CO2, CH4 and N2O apart; the GWP set decides the CO2e (AR5 vs AR6)', () => {
    const inputs = { amount: { value: 1000, unit: 'mmBtu' }, emissionIntensity: 'us-epa-hub:stationary.naturalGas' };
    // 1,000 mmBtu × 53.06 kg CO2 = 53,060 kg; × 1 g CH4 = 1 kg; × 0.1 g N2O = 0.1 kg
    const ar5 = ok('s1.fuel', inputs, { gwpSet: 'AR5' });
    expect(ar5.gasesKg).toEqual({ CO2: 53060, CH4: 1, N2O: 0.1 });
    expect(ar5.co2eKg).toBeCloseTo(53060 + 1 * 28 + 0.1 * 265, 9); // 53,114.5
    expect(ar5.gwpSet).toEqual({ id: 'AR5', version: '2013' });
    const ar6 = ok('s1.fuel', inputs, { gwpSet: 'AR6' });
    expect(ar6.gasesKg).toEqual(ar5.gasesKg);
    expect(ar6.co2eKg).toBeCloseTo(53060 + 1 * 27.9 + 0.1 * 273, 9); // 53,115.2
    expect(ar6.gwpSet).toEqual({ id: 'AR6', version: '2021' });
  });

  it('EPA distillate No. 2 per US gallon; litres are converted exactly (1 gal = 3.785411784 L)', () => {
    const gal = ok('s1.fuel', { amount: { value: 100, unit: 'gal' }, emissionIntensity: 'us-epa-hub:stationary.distillateNo2' }, { gwpSet: 'AR6' });
    // 100 gal × 10.21 = 1,021 kg CO2; × 0.41 g = 0.041 kg CH4; × 0.08 g = 0.008 kg N2O
    expect(gal.gasesKg.CO2).toBeCloseTo(1021, 9);
    expect(gal.co2eKg).toBeCloseTo(1021 + 0.041 * 27.9 + 0.008 * 273, 9); // 1,024.3279
    const litres = ok('s1.fuel', { amount: { value: 378.5411784, unit: 'L' }, emissionIntensity: 'us-epa-hub:stationary.distillateNo2' }, { gwpSet: 'AR6' });
    expect(litres.co2eKg).toBeCloseTo(gal.co2eKg, 9);
  });

  it('rejects an activity in the wrong dimension: kg of diesel against a per-litre factor', () => {
    expect(err('s1.fuel', { amount: { value: 1, unit: 'kg' }, emissionIntensity: 'jp-shk:fuel.diesel' })).toMatchObject({ error: 'unit_mismatch', field: 'amount' });
  });

  it('legacy city gas is per Nm³; metered m³ are refused rather than treated as normal m³', () => {
    expect(ok('s1.fuel', { amount: { value: 1000, unit: 'Nm3' }, emissionIntensity: 'jp-shk:fuel.cityGas' }).co2eKg).toBe(2230);
    expect(err('s1.fuel', { amount: { value: 1000, unit: 'm3' }, emissionIntensity: 'jp-shk:fuel.cityGas' })).toMatchObject({ error: 'unit_mismatch' });
  });
});

describe('s1.fuel-heat — heating value × carbon coefficient × 44/12', () => {
  const diesel = { heatingValue: 'jp-shk:heatingValue.diesel', carbonCoefficient: 'jp-shk:carbonCoefficient.diesel' };

  it('diesel: 1 kL × 37.7 GJ/kL × 18.7 kg-C/GJ × 44/12 = 2,584.963 kg, against 2,580 kg by the rounded factor', () => {
    const r = ok('s1.fuel-heat', { amount: { value: 1, unit: 'kL' }, ...diesel });
    // 37.7 × 18.7 = 704.99 kg-C; × 44/12 = 2,584.9633…
    expect(r.gasesKg.CO2).toBeCloseTo(2584.963333, 6);
    const rounded = ok('s1.fuel', { amount: { value: 1, unit: 'kL' }, emissionIntensity: 'jp-shk:fuel.diesel' });
    expect(r.co2eKg - rounded.co2eKg).toBeCloseTo(4.963333, 6); // 0.19 % from SHK's rounding to 2.58 kg/L
    expect(Math.round(r.co2eKg / 10) / 100).toBe(2.58); // the published value is this product rounded
    expect(r.factors.map((f) => f.key)).toEqual(['heatingValue.diesel', 'carbonCoefficient.diesel']);
  });

  it('litres and kilolitres give the same result (the heating value is normalised per activity unit)', () => {
    const perL = ok('s1.fuel-heat', { amount: { value: 1000, unit: 'L' }, ...diesel });
    expect(perL.co2eKg).toBeCloseTo(2584.963333, 6);
  });

  it('city gas, legacy: 1,000 Nm³ = 1 千Nm³ × 44.8 GJ × 13.6 kg-C/GJ × 44/12 = 2,234.03 kg', () => {
    const r = ok('s1.fuel-heat', { amount: { value: 1000, unit: 'Nm3' }, heatingValue: 'jp-shk:heatingValue.cityGas', carbonCoefficient: 'jp-shk:carbonCoefficient.cityGas' });
    expect(r.co2eKg).toBeCloseTo((44.8 * 13.6 * 44) / 12, 9);
  });

  it('values entered on the line work the same, and a carbon coefficient must be mass of carbon', () => {
    const r = ok('s1.fuel-heat', { amount: 2, heatingValue: { value: 37.7, unit: 'GJ/kL' }, carbonCoefficient: { value: 0.0187, unit: 't-C/GJ' } });
    expect(r.co2eKg).toBeCloseTo(2 * 2584.963333, 5);
    expect(r.factors.every((f) => f.origin === 'line')).toBe(true);
    expect(err('s1.fuel-heat', { amount: 2, heatingValue: { value: 37.7, unit: 'GJ/kL' }, carbonCoefficient: { value: 0.0187, unit: 't-CO2/GJ' } })).toMatchObject({ error: 'factor_kind_mismatch', field: 'carbonCoefficient' });
  });
});

describe('s1.process-co2 and s1.gas — non-energy CO2 and other gases with GWP', () => {
  it('non-energy CO2: 500 t limestone × 0.44 t-CO2/t (entered) = 220,000 kg', () => {
    expect(ok('s1.process-co2', { amount: { value: 500, unit: 't' }, emissionIntensity: { value: 0.44, unit: 't-CO2/t' } }).co2eKg).toBeCloseTo(220000, 6);
  });

  it('SF6 leaked 2 kg: AR5 2 × 23,500 = 47,000; AR6 2 × 25,200 = 50,400 kg CO2e', () => {
    const inputs = { ghgType: 'SF6', gas: 'SF6', amount: 2 };
    expect(ok('s1.gas', inputs).co2eKg).toBe(47000);
    expect(ok('s1.gas', inputs, { gwpSet: 'AR6' }).co2eKg).toBe(50400);
    expect(ok('s1.gas', inputs).gasesKg).toEqual({ SF6: 2 });
  });

  it('CH4 from activity × kg-per-unit: 100 t × 0.5 kg/t = 50 kg CH4 → AR5 1,400, AR6 1,395', () => {
    const inputs = { ghgType: 'CH4', gas: 'CH4', amount: { value: 100, unit: 't' }, emissionIntensity: { value: 0.5, unit: 'kg/t' } };
    expect(ok('s1.gas', inputs).co2eKg).toBe(1400);
    expect(ok('s1.gas', inputs, { gwpSet: 'AR6' }).co2eKg).toBeCloseTo(1395, 9);
  });

  it('N2O and NF3, PFC-14: N2O 1 kg × 265 = 265 (AR5); NF3 1 g × 17,400 = 17.4 (AR6); CF4 3 kg × 6,630 = 19,890 (AR5)', () => {
    expect(ok('s1.gas', { ghgType: 'N2O', gas: 'N2O', amount: 1 }).co2eKg).toBe(265);
    expect(ok('s1.gas', { ghgType: 'NF3', gas: 'NF3', amount: { value: 1, unit: 'g' } }, { gwpSet: 'AR6' }).co2eKg).toBeCloseTo(17.4, 9);
    expect(ok('s1.gas', { ghgType: 'PFC', gas: 'CF4', amount: 3 }).co2eKg).toBe(19890);
  });

  it('the GHG type must match the gas; an unknown gas or a gas missing from the GWP set is refused', () => {
    expect(err('s1.gas', { ghgType: 'HFC', gas: 'SF6', amount: 1 })).toMatchObject({ error: 'gas_type_mismatch', field: 'ghgType' });
    expect(err('s1.gas', { ghgType: 'HFC', gas: 'R-999', amount: 1 })).toMatchObject({ error: 'gwp_not_found', field: 'gas' });
    expect(err('s1.gas', { ghgType: 'CH4', gas: 'CH4-fossil', amount: 1 }, { gwpSet: 'JP-SHK-2024' })).toMatchObject({ error: 'gwp_not_found' });
  });

  it('a gas outside the tables needs its GWP on the line and is flagged custom_gwp', () => {
    const r = ok('s1.gas', { ghgType: 'HFC', gas: { gas: 'HFC-245fa', gwp: 858 }, amount: 2 });
    expect(r.gasesKg).toEqual({ 'custom:HFC-245fa': 2 });
    expect(r.co2eKg).toBe(1716);
    expect(r.warnings.map((w) => w.code)).toEqual(['custom_gwp']);
  });
});

describe('s1.refrigerant — blends from component GWPs', () => {
  it('R-404A, 10 kg leaked: AR5 10 × 3,942.8 = 39,428; AR6 10 × 4,728 = 47,280 kg CO2e, reported per HFC', () => {
    const ar5 = ok('s1.refrigerant', { refrigerant: 'R-404A', leaked: 10 });
    expect(ar5.co2eKg).toBeCloseTo(39428, 9);
    expect(ar5.gasesKg['HFC-125']).toBeCloseTo(4.4, 12); // 44 %
    expect(ar5.gasesKg['HFC-143a']).toBeCloseTo(5.2, 12); // 52 %
    expect(ar5.gasesKg['HFC-134a']).toBeCloseTo(0.4, 12); // 4 %
    expect(ok('s1.refrigerant', { refrigerant: 'R-404A', leaked: 10 }, { gwpSet: 'AR6' }).co2eKg).toBeCloseTo(47280, 9);
  });

  it('R-410A by charge × leak rate: 20 kg × 5 % = 1 kg → AR5 1,923.5; AR6 2,255.5 kg CO2e', () => {
    const inputs = { refrigerant: 'R-410A', charge: 20, leakRate: 5 };
    const ar5 = ok('s1.refrigerant', inputs);
    expect(ar5.co2eKg).toBeCloseTo(1923.5, 9); // 0.5 × 677 + 0.5 × 3170
    expect(ar5.gasesKg).toEqual({ 'HFC-32': 0.5, 'HFC-125': 0.5 });
    expect(ok('s1.refrigerant', inputs, { gwpSet: 'AR6' }).co2eKg).toBeCloseTo(2255.5, 9); // 0.5 × 771 + 0.5 × 3740
  });

  it('a custom blend given by composition: 23 % HFC-32, 25 % HFC-125, 52 % HFC-134a, 1 kg (AR5) = 1,624.21', () => {
    const refrigerant = { name: 'R-407C', components: [{ gas: 'HFC-32' as const, massFraction: 0.23 }, { gas: 'HFC-125' as const, massFraction: 0.25 }, { gas: 'HFC-134a' as const, massFraction: 0.52 }] };
    // 0.23 × 677 + 0.25 × 3170 + 0.52 × 1300 = 155.71 + 792.5 + 676 = 1,624.21
    expect(ok('s1.refrigerant', { refrigerant, leaked: 1 }).co2eKg).toBeCloseTo(1624.21, 9);
    expect(err('s1.refrigerant', { refrigerant: { components: [{ gas: 'HFC-32', massFraction: 0.5 }] }, leaked: 1 })).toMatchObject({ error: 'invalid_blend' });
  });

  it('a leak rate above 100 % is refused', () => {
    expect(err('s1.refrigerant', { refrigerant: 'R-410A', charge: 20, leakRate: 120 })).toMatchObject({ error: 'percentage_out_of_range', field: 'leakRate' });
  });
});
