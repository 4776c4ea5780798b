import { describe, expect, it } from 'vitest';
import type { InputValue } from '../../types';
import { ok } from '../../testing';

const PER_MILLION_YEN = { value: 1.5, unit: 't-CO2e/百万円' }; // illustrative: 0.0015 kg/JPY

/**
 * Formulas built from the shared spend / activity / reported-emissions builders, each with its own
 * worked figure, so every formula id in the catalogue has a test of its own.
 */
const CASES: [formulaId: string, inputs: Record<string, InputValue>, expectedKg: number, arithmetic: string][] = [
  ['s3.2.activity', { amount: { value: 3, unit: 't' }, emissionIntensity: { value: 2.2, unit: 't-CO2e/t' } }, 6600, '3 t × 2.2 t/t = 6.6 t'],
  ['s3.2.spend', { spend: { value: 20, unit: '百万円' }, emissionIntensity: PER_MILLION_YEN }, 30000, '20,000,000 JPY × 0.0015 = 30,000'],
  ['s3.3.spend', { spend: 4_000_000, emissionIntensity: PER_MILLION_YEN }, 6000, '4,000,000 × 0.0015'],
  ['s3.4.spend', { spend: { value: 2500, unit: '千円' }, emissionIntensity: PER_MILLION_YEN }, 3750, '2,500,000 × 0.0015'],
  ['s3.5.spend', { spend: 800_000, emissionIntensity: PER_MILLION_YEN }, 1200, '800,000 × 0.0015'],
  ['s3.6.spend', { spend: { value: 1.2, unit: '億円' }, emissionIntensity: PER_MILLION_YEN }, 180000, '120,000,000 × 0.0015'],
  ['s3.12.spend', { spend: 100_000, emissionIntensity: PER_MILLION_YEN }, 150, '100,000 × 0.0015'],
  ['s3.15.spend', { spend: { value: 3, unit: 'million_USD' }, emissionIntensity: PER_MILLION_YEN }, 450000, '3,000,000 USD × 100 JPY/USD (default) × 0.0015'],
  ['pe.procurement-actual', { spend: 5_000_000, emissionIntensity: PER_MILLION_YEN }, 7500, '5,000,000 × 0.0015'],
  ['s3.7.fuel', { amount: { value: 1.5, unit: 'kL' }, emissionIntensity: 'jp-shk:fuel.gasoline' }, 3480, '1,500 L × 2.32'],
  ['s3.9.fuel', { fuelAmount: 250, fuelIntensity: 'jp-shk:fuel.diesel' }, 645, '250 L × 2.58 (TTW only)'],
  ['s3.9.hub', { outbound: { value: 40, unit: 't' }, emissionIntensity: { value: 2.5, unit: 'kg-CO2e/t', stage: 'TTW' } }, 100, '40 t × 2.5'],
  ['s3.8.energy', { amount: { value: 3000, unit: 'L' }, emissionIntensity: 'jp-shk:fuel.kerosene' }, 7470, '3,000 L × 2.49'],
  ['s3.8.floor-area', { floorArea: 250, emissionIntensity: { value: 80, unit: 'kg-CO2e/m2' } }, 20000, '250 m² × 80'],
  ['s3.13.energy', { amount: { value: 12, unit: 't' }, emissionIntensity: 'jp-shk:fuel.lpg' }, 36000, '12,000 kg × 3.00'],
  ['s3.13.floor-area', { floorArea: { value: 1.5, unit: '千m2' }, emissionIntensity: { value: 40, unit: 'kg-CO2e/m2' } }, 60000, '1,500 m² × 40'],
  ['s3.14.energy', { amount: { value: 50, unit: 'MWh' }, emissionIntensity: 'jp-shk-electricity-suppliers:shikoku.menuC' }, 23200, '50,000 kWh × 0.464'],
];

describe('shared-builder formulas, one worked figure each', () => {
  it.each(CASES)('%s → %d kg CO2e', (formulaId, inputs, expectedKg) => {
    expect(ok(formulaId, inputs).co2eKg).toBeCloseTo(expectedKg, 6);
  });
});
