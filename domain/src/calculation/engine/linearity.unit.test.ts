import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calculate } from './run';
import { CONTEXT } from '../testing';
import type { CalculationSuccess, InputValue } from '../types';

/** Formulas whose result is proportional to one activity input (others held fixed). */
const TEMPLATES: [formulaId: string, inputs: (a: number) => Record<string, InputValue>][] = [
  ['s1.fuel', (a) => ({ amount: { value: a, unit: 'kL' }, emissionIntensity: 'jp-shk:fuel.diesel' })],
  ['s1.fuel', (a) => ({ amount: { value: a, unit: 'mmBtu' }, emissionIntensity: 'us-epa-hub:stationary.naturalGas' })],
  ['s1.fuel-heat', (a) => ({ amount: a, heatingValue: 'jp-shk:heatingValue.lpg', carbonCoefficient: 'jp-shk:carbonCoefficient.lpg' })],
  ['s1.gas', (a) => ({ ghgType: 'CH4', gas: 'CH4', amount: { value: a, unit: 't' }, emissionIntensity: { value: 0.5, unit: 'kg/t' } })],
  ['s1.refrigerant', (a) => ({ refrigerant: 'R-404A', charge: a, leakRate: 7 })],
  ['s2.market', (a) => ({ amount: a, certificates: a / 4, emissionIntensity: 'jp-shk-electricity-suppliers:shikoku.menuC' })],
  ['s3.1.spend', (a) => ({ spend: { value: a, unit: 'USD' }, emissionIntensity: { value: 2, unit: 't-CO2e/million_JPY' } })],
  ['s3.4.tonkm', (a) => ({ weight: a, distance: 350, distanceAdjustment: 'road', emissionIntensity: 'uk-desnz:freight.hgv.allDiesel.averageLaden' })],
  ['s3.4.improved-tonkm', (a) => ({ fuelType: 'diesel', freight: a, loadRate: 62, maxPayload: 3500, fuelIntensity: 'jp-shk:fuel.diesel', wttIntensity: 'uk-desnz:wtt.diesel' })],
  ['s3.9.fuel-economy', (a) => ({ distance: a, fuelEconomy: 4.2, fuelIntensity: 'jp-shk:fuel.diesel' })],
  ['s3.6.travel-days', (a) => ({ travelType: 'domesticStay', travellers: 3, days: a })],
  ['s3.11.vehicle', (a) => ({ unitsSold: a, annualMileage: 12000, fuelEconomy: 14, serviceLife: 12, fuelIntensity: 'jp-shk:fuel.gasoline', gas: 'HFC-134a', ghgContent: 0.4 })],
  ['s3.12.edible-weight', (a) => ({ edibleWeight: a, ratio: 35 })],
  ['s3.15.investment', (a) => ({ investmentType: 'equity', investeeEmissions: { value: a, unit: 't-CO2e' }, equityShare: 12.5 })],
  ['water.supply-treatment', (a) => ({ supplyVolume: a, supplyIntensity: 'uk-desnz:water.supply', treatmentVolume: a, treatmentIntensity: 'uk-desnz:water.treatment' })],
  ['pe.commuting-estimate', (a) => ({ manhours: a, period: 90, outsideRatio: 25, outsideIntensity: 'jp-moe-scdb:commuting.rail', insideIntensity: 'jp-moe-scdb:commuting.car' })],
];

const run = (id: string, inputs: Record<string, InputValue>, gwpSet: string) => {
  const r = calculate({ id: 'p', formulaId: id, inputs }, { ...CONTEXT, gwpSet });
  if (!r.ok) throw new Error(`${id}: ${r.error} ${r.field}`);
  return r as CalculationSuccess;
};

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(expected)));

describe('results scale linearly with activity (fast-check)', () => {
  it('f(k·a) = k·f(a) for CO2e, every gas and every stage', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TEMPLATES),
        fc.double({ min: 0.001, max: 1e6, noNaN: true }),
        fc.double({ min: 0.001, max: 1000, noNaN: true }),
        fc.constantFrom('AR5', 'AR6'),
        ([id, inputs], a, k, gwp) => {
          const base = run(id, inputs(a), gwp);
          const scaled = run(id, inputs(k * a), gwp);
          close(scaled.co2eKg, k * base.co2eKg);
          expect(Object.keys(scaled.gasesKg).sort()).toEqual(Object.keys(base.gasesKg).sort());
          for (const [gas, kg] of Object.entries(base.gasesKg)) close(scaled.gasesKg[gas as keyof typeof base.gasesKg]!, k * kg!);
          if (base.stages) {
            close(scaled.stages!.wttKg, k * base.stages.wttKg);
            close(scaled.stages!.ttwKg, k * base.stages.ttwKg);
            close(scaled.stages!.wtwKg, k * base.stages.wtwKg);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('CO2e is the GWP-weighted sum of the gases (and unsplit CO2e)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TEMPLATES), fc.double({ min: 0.001, max: 1e6, noNaN: true }), fc.constantFrom('AR5', 'AR6'), ([id, inputs], a, gwp) => {
        const r = run(id, inputs(a), gwp);
        const weights: Record<string, number> = gwp === 'AR5' ? { CO2: 1, CH4: 28, N2O: 265, 'HFC-125': 3170, 'HFC-143a': 4800, 'HFC-134a': 1300, CO2e: 1 } : { CO2: 1, CH4: 27.9, N2O: 273, 'HFC-125': 3740, 'HFC-143a': 5810, 'HFC-134a': 1530, CO2e: 1 };
        const sum = Object.entries(r.gasesKg).reduce((s, [g, kg]) => s + kg! * weights[g]!, 0);
        expect(Math.abs(sum - r.co2eKg)).toBeLessThanOrEqual(1e-9 * Math.max(1, r.co2eKg));
      }),
      { numRuns: 1000 },
    );
  });
});
