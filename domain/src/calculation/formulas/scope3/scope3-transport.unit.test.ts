import { describe, expect, it } from 'vitest';
import { CONTEXT, err, ok } from '../../testing';

const HGV = 'uk-desnz:freight.hgv.allDiesel.averageLaden';

describe('categories 4 and 9 — ton-km method (ISO 14083 WTT/TTW/WTW)', () => {
  it('10,000 t·km × HGV: TTW 10,000 × 0.10163 = 1,016.3; WTT 10,000 × 0.02359 = 235.9; WTW 1,252.2 kg CO2e', () => {
    for (const id of ['s3.4.tonkm', 's3.9.tonkm']) {
      const r = ok(id, { freight: { value: 10000, unit: 't·km' }, emissionIntensity: HGV });
      expect(r.stages!.ttwKg).toBeCloseTo(1016.3, 9);
      expect(r.stages!.wttKg).toBeCloseTo(235.9, 9);
      expect(r.stages!.wtwKg).toBeCloseTo(1252.2, 9);
      expect(r.co2eKg).toBeCloseTo(r.stages!.wtwKg, 12);
    }
  });

  it('iLEAP example: 87 kg over 423 km = 36.801 t·km exactly (not 36.800999999999995)', () => {
    const r = ok('s3.4.tonkm', { weight: { value: 87, unit: 'kg' }, distance: 423, emissionIntensity: HGV }, { explain: true });
    expect(r.steps!.find((s) => s.label === 't·km')!.value).toBe(36.801);
    expect(r.co2eKg).toBeCloseTo(36.801 * (0.10163 + 0.02359), 12);
  });

  it('ISO 14083 distance adjustment: road 100 km × 1.05; air 1,000 km great-circle + 95 km', () => {
    const road = ok('s3.4.tonkm', { weight: 10, distance: 100, distanceAdjustment: 'road', emissionIntensity: HGV });
    expect(road.stages!.wtwKg).toBeCloseTo(10 * 105 * 0.12522, 9); // 1,050 t·km
    const air = ok('s3.4.tonkm', { weight: 2, distance: 1000, distanceAdjustment: 'air', emissionIntensity: 'uk-desnz:freight.air.longHaul.withoutRF' });
    expect(air.co2eKg).toBeCloseTo(2 * 1095 * 0.5313, 9); // 2,190 t·km × 0.5313 = 1,163.547
    expect(air.factors.map((f) => f.ref)).toEqual(['iso-14083:distance.air', 'uk-desnz:freight.air.longHaul.withoutRF']);
    const sea = ok('s3.9.tonkm', { weight: 100, distance: 1000, distanceAdjustment: 'sea', emissionIntensity: 'uk-desnz:freight.containerShip.average' });
    expect(sea.co2eKg).toBeCloseTo(100 * 1150 * 0.01612, 9);
  });

  it('cargo counted in units takes the ISO 14083 default masses: 3 TEU × 10 t × 500 km = 15,000 t·km; 40 pallets × 0.3 t × 100 km = 1,200 t·km', () => {
    const teu = ok('s3.4.tonkm', { cargoUnits: 3, cargoUnitType: 'teu', distance: 500, emissionIntensity: 'uk-desnz:freight.rail' });
    expect(teu.stages!.ttwKg).toBeCloseTo(15000 * 0.02779, 9);
    expect(teu.stages!.wttKg).toBeCloseTo(15000 * 0.00691, 9);
    expect(teu.factors.map((f) => f.ref)).toEqual(['iso-14083:mass.teu', 'uk-desnz:freight.rail']);
    const pallets = ok('s3.9.tonkm', { cargoUnits: 40, cargoUnitType: 'pallet', distance: 100, emissionIntensity: HGV });
    expect(pallets.co2eKg).toBeCloseTo(1200 * 0.12522, 9);
  });

  it('hub operations: 250 t outbound × 1.2 kg-CO2e/t (entered, TTW) = 300 kg', () => {
    const r = ok('s3.4.hub', { outbound: { value: 250, unit: 't' }, emissionIntensity: { value: 1.2, unit: 'kg-CO2e/t', stage: 'TTW' } });
    expect(r.stages).toEqual({ wttKg: 0, ttwKg: 300, wtwKg: 300 });
  });

  it('the ISO 14083 constants are data too: without the pinned set the adjustment is refused', () => {
    const { 'iso-14083': _, ...rest } = CONTEXT.factorSets;
    expect(err('s3.4.tonkm', { weight: 10, distance: 100, distanceAdjustment: 'road', emissionIntensity: HGV }, { factorSets: rest })).toMatchObject({ error: 'factor_set_not_pinned', field: 'distanceAdjustment' });
  });

  it('a t·km factor against a person-km or plain distance is a unit mismatch', () => {
    expect(err('s3.4.tonkm', { freight: { value: 10, unit: 'pkm' }, emissionIntensity: HGV })).toMatchObject({ error: 'unit_mismatch' });
  });

  it('a factor without a WTT/TTW split counts in WTW only, with a warning', () => {
    const r = ok('s3.4.tonkm', { freight: 1000, emissionIntensity: { value: 0.1, unit: 'kg-CO2e/tkm' } });
    expect(r.stages).toEqual({ wttKg: 0, ttwKg: 0, wtwKg: 100 });
    expect(r.warnings.map((w) => w.code)).toEqual(['stage_split_incomplete']);
  });
});

describe('improved ton-km method (改良トンキロ法), classic coefficients', () => {
  it('diesel, load rate 50 %, max payload 4,000 kg, 10,000 t·km', () => {
    // ln y = 2.71 − 0.812 × ln(0.5) − 0.654 × ln(4000) = 2.71 + 0.562836 − 5.424308 = −2.151473
    // y = e^−2.151473 = 0.1163127 L/t·km; fuel = 10,000 × y = 1,163.127 L
    const y = Math.exp(2.71 - 0.812 * Math.log(50 / 100) - 0.654 * Math.log(4000));
    expect(y).toBeCloseTo(0.1163127, 6);
    const r = ok('s3.4.improved-tonkm', {
      fuelType: 'diesel',
      freight: 10000,
      loadRate: 50,
      maxPayload: { value: 4, unit: 't' },
      fuelIntensity: 'jp-shk:fuel.diesel',
      wttIntensity: 'uk-desnz:wtt.diesel',
    });
    expect(r.stages!.ttwKg).toBeCloseTo(10000 * y * 2.58, 9); // 3,000.868 kg CO2
    expect(r.stages!.wttKg).toBeCloseTo(10000 * y * 0.61101, 9); // 710.682 kg CO2e
    expect(r.stages!.wtwKg).toBeCloseTo(10000 * y * (2.58 + 0.61101), 9);
    expect(r.gasesKg.CO2).toBeCloseTo(3000.8679, 4);
    expect(r.factors.map((f) => f.ref)).toEqual(['jp-meti-logistics:improvedTonKm.diesel', 'jp-shk:fuel.diesel', 'uk-desnz:wtt.diesel']);
  });

  it('gasoline, load rate 50 %, max payload 2,000 kg, 1,000 t·km', () => {
    // ln y = 2.67 − 0.927 × ln(0.5) − 0.648 × ln(2000) = 2.67 + 0.642547 − 4.925385 = −1.612837; y = 0.1993213 L/t·km
    const y = Math.exp(2.67 - 0.927 * Math.log(0.5) - 0.648 * Math.log(2000));
    expect(y).toBeCloseTo(0.1993213, 6);
    const r = ok('s3.9.improved-tonkm', { fuelType: 'gasoline', freight: 1000, loadRate: 50, maxPayload: 2000, fuelIntensity: 'jp-shk:fuel.gasoline' });
    expect(r.co2eKg).toBeCloseTo(1000 * y * 2.32, 9); // 199.32 L × 2.32 = 462.425 kg
    expect(r.stages!.wttKg).toBe(0);
  });

  it('a load rate of 0 % has no logarithm', () => {
    expect(err('s3.4.improved-tonkm', { fuelType: 'diesel', freight: 1, loadRate: 0, maxPayload: 2000, fuelIntensity: 'jp-shk:fuel.diesel' })).toMatchObject({ error: 'out_of_domain', field: 'loadRate' });
  });
});

describe('fuel and fuel-economy methods', () => {
  it('fuel: 100 L diesel → TTW 258, WTT 61.101, WTW 319.101 kg', () => {
    const r = ok('s3.4.fuel', { fuelAmount: 100, fuelIntensity: 'jp-shk:fuel.diesel', wttIntensity: 'uk-desnz:wtt.diesel' });
    expect(r.stages!.ttwKg).toBeCloseTo(258, 9);
    expect(r.stages!.wttKg).toBeCloseTo(61.101, 9);
    expect(r.stages!.wtwKg).toBeCloseTo(319.101, 9);
    expect(r.gasesKg.CO2).toBe(258); // SHK combustion factor: CO2
    expect(r.gasesKg.CO2e).toBeCloseTo(61.101, 12); // DESNZ WTT: CO2e only, not split by gas
  });

  it('fuel economy: 500 km ÷ 5 km/L = 100 L → the same as the fuel method', () => {
    const r = ok('s3.9.fuel-economy', { distance: 500, fuelEconomy: 5, fuelIntensity: 'jp-shk:fuel.diesel', wttIntensity: 'uk-desnz:wtt.diesel' });
    expect(r.stages!.wtwKg).toBeCloseTo(319.101, 9);
  });

  it('fuel economy in miles per US gallon converts exactly: 100 mile/gal = 42.51437… km/L', () => {
    // 100 × 1.609344 km / 3.785411784 L = 42.514370749 km/L; 425.1437 km → 10 L
    const r = ok('s3.4.fuel-economy', { distance: 425.14370749, fuelEconomy: { value: 100, unit: 'mile/gal' }, fuelIntensity: 'jp-shk:fuel.diesel' });
    expect(r.co2eKg).toBeCloseTo(25.8, 6);
  });
});
