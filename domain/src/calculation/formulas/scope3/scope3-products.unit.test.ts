import { describe, expect, it } from 'vitest';
import { err, ok } from '../../testing';

const MENU_C = 'jp-shk-electricity-suppliers:shikoku.menuC';

describe('categories 8 and 13 — leased assets', () => {
  it('floor area: 1,000 m² × 50 kg/m² = 50,000 kg; energy by type: 20,000 kWh × 0.464 = 9,280 kg', () => {
    for (const p of ['s3.8', 's3.13']) {
      expect(ok(`${p}.floor-area`, { floorArea: { value: 1000, unit: '㎡' }, emissionIntensity: { value: 50, unit: 'kg-CO2e/m2' } }).co2eKg).toBeCloseTo(50000, 9);
      expect(ok(`${p}.energy`, { amount: { value: 20, unit: 'MWh' }, emissionIntensity: MENU_C }).co2eKg).toBeCloseTo(9280, 9);
    }
  });
});

describe('category 11 — use of sold products', () => {
  it('per use with the gas-group term: 1,000 units × 500 uses × 0.2 kWh × 0.464 = 46,400; + 1,000 × 0.5 kg HFC-134a × 1,300 = 650,000 (AR5)', () => {
    const r = ok('s3.11.direct-use', {
      unitsSold: 1000,
      lifetimeUses: 500,
      electricityPerUse: { value: 0.2, unit: 'kWh' },
      electricityIntensity: MENU_C,
      ghgType: 'HFC',
      gas: 'HFC-134a',
      ghgContent: 0.5,
    });
    expect(r.gasesKg.CO2).toBeCloseTo(46400, 6);
    expect(r.gasesKg['HFC-134a']).toBeCloseTo(500, 9);
    expect(r.co2eKg).toBeCloseTo(46400 + 650000, 6);
    expect(ok('s3.11.direct-use', { unitsSold: 1000, lifetimeUses: 500, gas: 'HFC-134a', ghgContent: 0.5 }, { gwpSet: 'AR6' }).co2eKg).toBeCloseTo(1000 * 0.5 * 1530, 6);
  });

  it('per use with fuel: 10 units × 100 uses × 0.1 L gasoline × 2.32 = 232 kg; with nothing to emit it is refused', () => {
    expect(ok('s3.11.direct-use', { unitsSold: 10, lifetimeUses: 100, fuelPerUse: { value: 0.1, unit: 'L' }, fuelIntensity: 'jp-shk:fuel.gasoline' }).co2eKg).toBeCloseTo(232, 9);
    expect(err('s3.11.direct-use', { unitsSold: 10, lifetimeUses: 100 })).toMatchObject({ error: 'missing_input' });
  });

  it('vehicles: 100 × 10,000 km/yr ÷ 12.5 km/L × 10 yr = 800,000 L × 2.32 = 1,856,000 kg', () => {
    expect(ok('s3.11.vehicle', { unitsSold: 100, annualMileage: 10000, fuelEconomy: 12.5, serviceLife: 10, fuelIntensity: 'jp-shk:fuel.gasoline' }).co2eKg).toBeCloseTo(1856000, 6);
  });

  it('power: 10 units × 1.5 kW × 2,000 h × 8 yr = 240,000 kWh × 0.464 = 111,360 kg (W converts exactly)', () => {
    expect(ok('s3.11.power', { unitsSold: 10, power: { value: 1500, unit: 'W' }, operatingHours: 2000, serviceLife: 8, electricityIntensity: MENU_C }).co2eKg).toBeCloseTo(111360, 6);
  });

  it('revenue: 1,000,000 JPY × 0.001 kWh/JPY × 5 yr = 5,000 kWh × 0.464 = 2,320 kg', () => {
    expect(ok('s3.11.revenue', { revenue: 1_000_000, electricityPerYen: 0.001, serviceLife: 5, electricityIntensity: MENU_C }).co2eKg).toBeCloseTo(2320, 6);
  });

  it('product master: 20 units × 0.01 kL/h × 1,500 h × 10 yr = 3,000 kL × 2,580 kg/kL = 7,740,000 kg', () => {
    expect(ok('s3.11.product-master', { unitsSold: 20, fuelConsumption: 0.01, operatingHours: 1500, serviceLife: 10, fuelIntensity: 'jp-shk:fuel.diesel' }).co2eKg).toBeCloseTo(7740000, 4);
  });
});

describe('category 12 — end-of-life of sold products', () => {
  it('by product weight: 1,000 × 2.5 kg = 2.5 t × 520.5327 (landfill) = 1,301.33175 kg', () => {
    expect(ok('s3.12.waste', { unitsSold: 1000, productWeight: 2.5, emissionIntensity: 'uk-desnz:waste.commercialIndustrial.landfill' }).co2eKg).toBeCloseTo(1301.33175, 9);
  });

  it('edible weight with 44/12: 1,000 kg × 40 % carbon × 44/12 = 1,466.67 kg CO2; half incinerated = 733.33', () => {
    expect(ok('s3.12.edible-weight', { edibleWeight: 1000, ratio: 40 }).gasesKg.CO2).toBeCloseTo((1000 * 0.4 * 44) / 12, 9);
    expect(ok('s3.12.edible-weight', { edibleWeight: { value: 1, unit: 't' }, ratio: 40, coefficient: 50 }).co2eKg).toBeCloseTo((1000 * 0.4 * 0.5 * 44) / 12, 9);
  });

  it('product master with rubber crawler: 10 × (3,000 kg × 0.1) + 10 × 0.2 t × 4.68568 = 3,009.37136 kg', () => {
    const r = ok('s3.12.product-master', {
      unitsSold: 10,
      productWeight: 3000,
      emissionIntensity: { value: 0.1, unit: 'kg-CO2e/kg' },
      crawlerWeight: 200,
      crawlerIntensity: 'uk-desnz:waste.commercialIndustrial.incinerationEnergyRecovery',
    });
    expect(r.co2eKg).toBeCloseTo(3000 + 9.37136, 9);
  });

  it('revenue × weight per yen: 10,000,000 JPY × 0.0001 kg/JPY = 1 t × 520.5327 = 520.5327 kg', () => {
    expect(ok('s3.12.spend-weight', { revenue: 10_000_000, weightPerYen: 0.0001, emissionIntensity: 'uk-desnz:waste.commercialIndustrial.landfill' }).co2eKg).toBeCloseTo(520.5327, 9);
  });
});

describe('categories 14 and 15 — franchises and investments', () => {
  it('franchisee-reported 50 t-CO2e × 100 % = 50,000 kg', () => {
    expect(ok('s3.14.reported', { reportedEmissions: { value: 50, unit: 't-CO2e' }, share: 100 }).co2eKg).toBeCloseTo(50000, 9);
  });

  it('equity: investee 1,000 t-CO2e × 20 % = 200,000 kg; project: 400 t × 30 % = 120,000 kg', () => {
    expect(ok('s3.15.investment', { investmentType: 'equity', investeeEmissions: { value: 1000, unit: 't-CO2e' }, equityShare: 20 }).co2eKg).toBeCloseTo(200000, 9);
    expect(ok('s3.15.investment', { investmentType: 'project', investeeEmissions: { value: 400, unit: 't-CO2e' }, projectShare: 30 }).co2eKg).toBeCloseTo(120000, 9);
  });

  it('debt: share = 50 百万円 ÷ 1,000 百万円 = 5 % × 2,000 t = 100,000 kg; without share or amounts it is refused', () => {
    const r = ok('s3.15.investment', {
      investmentType: 'debt',
      investeeEmissions: { value: 2000, unit: 't-CO2e' },
      investmentAmount: { value: 50, unit: '百万円' },
      investeeTotalCapital: { value: 1000, unit: '百万円' },
    });
    expect(r.co2eKg).toBeCloseTo(100000, 9);
    expect(err('s3.15.investment', { investmentType: 'debt', investeeEmissions: 1 })).toMatchObject({ error: 'missing_input', field: 'debtShare' });
    expect(err('s3.15.investment', { investmentType: 'equity', investeeEmissions: { value: 1, unit: 'kg' }, equityShare: 1 })).toMatchObject({ error: 'unit_mismatch' });
  });
});
