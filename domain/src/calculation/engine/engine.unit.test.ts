import { describe, expect, it } from 'vitest';
import { calculate, calculateBatch, prepare } from './run';
import { CONTEXT } from '../testing';
import type { ActivityLine, CalculationSuccess } from '../types';
import type { FactorSet } from '../factors/types';

const diesel = (id: string, litres: number): ActivityLine => ({ id, formulaId: 's1.fuel', inputs: { amount: litres, emissionIntensity: 'jp-shk:fuel.diesel' } });
const cityGasHeat = (unit: string): ActivityLine => ({
  id: 'g',
  formulaId: 's1.fuel-heat',
  inputs: { amount: { value: 1, unit }, heatingValue: 'jp-shk:heatingValue.cityGas', carbonCoefficient: 'jp-shk:carbonCoefficient.cityGas' },
});

describe('reproducibility: the factor version is an input, never "latest"', () => {
  it('a result records every factor with its set id and version, and the GWP set', () => {
    const r = calculate(diesel('a', 100), CONTEXT) as CalculationSuccess;
    expect(r.factors).toEqual([
      { ref: 'jp-shk:fuel.diesel', setId: 'jp-shk', version: 'legacy', key: 'fuel.diesel', confirmed: true, values: [{ value: 2.58, unit: 'kg-CO2/L', stage: 'TTW' }], origin: 'library' },
    ]);
    expect(r.gwpSet).toEqual({ id: 'AR5', version: '2013' });
  });

  it('a set the context does not pin is refused, not guessed', () => {
    expect(calculate(diesel('a', 100), { ...CONTEXT, factorSets: {} })).toMatchObject({ ok: false, error: 'factor_set_not_pinned', field: 'emissionIntensity' });
  });

  it('an unknown version or GWP set refuses the whole batch', () => {
    expect(calculateBatch([diesel('a', 1)], { ...CONTEXT, factorSets: { 'jp-shk': 'latest' } })).toEqual({ ok: false, error: 'factor_set_not_found', detail: 'jp-shk@latest' });
    expect(calculateBatch([diesel('a', 1)], { ...CONTEXT, gwpSet: 'AR4' })).toEqual({ ok: false, error: 'gwp_set_not_found', detail: 'AR4' });
    expect(calculate(diesel('a', 1), { ...CONTEXT, gwpSet: 'AR4' })).toMatchObject({ ok: false, lineId: 'a', error: 'gwp_set_not_found' });
  });

  it('recalculating with the newer SHK version is explicit, and changes both the value and the record', () => {
    // legacy: 1 千Nm³ × 44.8 GJ × 13.6 kg-C/GJ × 44/12 = 2,234.03 kg
    const legacy = calculate(cityGasHeat('thousand_Nm3'), CONTEXT) as CalculationSuccess;
    expect(legacy.co2eKg).toBeCloseTo(2234.026667, 6);
    // 2024 report: 1 千m³ × 40.0 GJ × 14.0 kg-C/GJ × 44/12 = 2,053.33 kg, gas at 25 °C in m³
    const restated = calculate(cityGasHeat('thousand_m3'), { ...CONTEXT, factorSets: { ...CONTEXT.factorSets, 'jp-shk': '2024' }, fiscalYear: 2023 }) as CalculationSuccess;
    expect(restated.co2eKg).toBeCloseTo(2053.333333, 6);
    expect(restated.factors.map((f) => `${f.setId}@${f.version}`)).toEqual(['jp-shk@2024', 'jp-shk@2024']);
    // Re-running the stored line with the stored context gives the same number, bit for bit.
    expect((calculate(cityGasHeat('thousand_Nm3'), CONTEXT) as CalculationSuccess).co2eKg).toBe(legacy.co2eKg);
  });

  it('the new SHK version does not fall back to legacy liquid-fuel values', () => {
    expect(calculate(diesel('a', 1), { ...CONTEXT, factorSets: { 'jp-shk': '2024' } })).toMatchObject({ ok: false, error: 'factor_not_found' });
  });

  it('a factor used outside its validity period works and is flagged', () => {
    const r = calculate(diesel('a', 1), { ...CONTEXT, fiscalYear: 2024 }) as CalculationSuccess;
    expect(r.ok).toBe(true);
    expect(r.warnings).toEqual([{ code: 'factor_outside_validity', detail: 'jp-shk:fuel.diesel valid …–2023-03-31, fiscal year 2024 is 2024-04-01–2025-03-31' }]);
    // Overlap is enough: calendar 2023 (start month 1) still contains Jan–Mar 2023 of the legacy period.
    expect((calculate(diesel('a', 1), { ...CONTEXT, fiscalYear: 2023, fiscalYearStartMonth: 1 }) as CalculationSuccess).warnings).toEqual([]);
    const calendar = calculate(diesel('a', 1), { ...CONTEXT, fiscalYear: 2024, fiscalYearStartMonth: 1 }) as CalculationSuccess;
    expect(calendar.warnings[0]?.detail).toContain('fiscal year 2024 is 2024-01-01–2024-12-31');
  });
});

describe('lines calculated one at a time under one context (an import deciding its lines)', () => {
  it('share its prepared engine and give what one batch of them gives, a failing line in between changing nothing', () => {
    const custom = (id: string, value: number): ActivityLine => ({ id, formulaId: 's1.fuel', inputs: { amount: 10, emissionIntensity: { value, unit: 'kg-CO2/L', label: 'supplier' } } });
    const lines = [diesel('a', 100), custom('b', 2.5), { id: 'bad', formulaId: 's1.fuel', inputs: { emissionIntensity: 'jp-shk:fuel.diesel' } }, custom('c', 2.5), diesel('d', 3)];
    const context = { ...CONTEXT };
    const oneByOne = lines.map((line) => calculate(line, context));
    const batch = calculateBatch(lines, { ...CONTEXT });
    expect(batch.ok && batch.results).toEqual(oneByOne);
    // 100 L × 2.58 = 258 kg; 10 L × 2.5 = 25 kg; the line without an amount is refused; 3 L × 2.58 = 7.74 kg
    expect(oneByOne.map((r) => (r.ok ? r.co2eKg : r.error))).toEqual([258, 25, 'missing_input', 25, 7.74]);
    expect(calculate(diesel('a', 100), context)).toEqual(oneByOne[0]);
  });
});

describe('user-supplied factor sets (e.g. licensed tables uploaded as CSV)', () => {
  const uploaded: FactorSet = {
    id: 'acme-glec-upload',
    version: '2024-05',
    title: { ja: 'アップロード係数', en: 'uploaded factors', zhHans: '上传的系数' },
    publisher: 'ACME (licensed copy)',
    year: 2024,
    citation: 'Licensed default intensities, uploaded by the company.',
    licence: 'Licensed to the uploading company; not redistributed.',
    entries: [
      {
        kind: 'emission',
        key: 'road.articulated.40t',
        label: { ja: '40tトレーラー', en: 'articulated truck 40 t', zhHans: '40吨铰接式货车' },
        components: [
          { value: 0.062, unit: 'kg-CO2e/tkm', stage: 'TTW' },
          { value: 0.015, unit: 'kg-CO2e/tkm', stage: 'WTT' },
        ],
        confirmed: true,
      },
    ],
  };

  it('work like shipped sets, and must be pinned too', () => {
    const line: ActivityLine = { id: 'u', formulaId: 's3.4.tonkm', inputs: { freight: 1000, emissionIntensity: 'acme-glec-upload:road.articulated.40t' } };
    const pinned = calculate(line, { ...CONTEXT, customFactorSets: [uploaded], factorSets: { ...CONTEXT.factorSets, 'acme-glec-upload': '2024-05' } }) as CalculationSuccess;
    expect(pinned.stages).toEqual({ wttKg: 15, ttwKg: 62, wtwKg: 77 });
    expect(pinned.factors[0]).toMatchObject({ setId: 'acme-glec-upload', version: '2024-05' });
    expect(calculate(line, { ...CONTEXT, customFactorSets: [uploaded] })).toMatchObject({ ok: false, error: 'factor_set_not_pinned' });
    expect(calculateBatch([line], { ...CONTEXT, customFactorSets: [uploaded, uploaded] })).toMatchObject({ ok: false, error: 'invalid_context' });
  });
});

describe('batch', () => {
  it('keeps the order, continues past failures, and sums by scope', () => {
    const b = calculateBatch(
      [
        diesel('a', 100),
        { id: 'b', formulaId: 'no.such', inputs: {} },
        { id: 'c', formulaId: 's1.fuel', inputs: { amount: 'ten', emissionIntensity: 'jp-shk:fuel.diesel' } },
        { id: 'd', formulaId: 's3.7.passenger-km', inputs: { mode: 'rail', amount: 1000 } },
      ],
      CONTEXT,
    );
    if (!b.ok) throw new Error(b.error);
    // d: 1,000 pkm × 0.0236 kg/pkm = 23.6 kg (IEEE: 23.599999999999998)
    expect(b.results.map((r) => [r.lineId, r.ok ? Math.round(r.co2eKg * 1e9) / 1e9 : r.error])).toEqual([
      ['a', 258],
      ['b', 'unknown_formula'],
      ['c', 'invalid_input'],
      ['d', 23.6],
    ]);
    expect(b.summary).toMatchObject({ lines: 4, succeeded: 2, failed: 2 });
    expect(b.summary.co2eKg).toBeCloseTo(281.6, 9);
    expect(b.summary.byScope['1']).toBe(258);
    expect(b.summary.byScope['37']).toBeCloseTo(23.6, 9);
    expect(b.provenance.gwpSet.id).toBe('AR5');
    expect(b.provenance.factorSets.map((s) => `${s.id}@${s.version}`)).toContain('jp-shk@legacy');
  });

  it('a missing input names the field', () => {
    expect(calculate({ id: 'x', formulaId: 's1.fuel', inputs: { emissionIntensity: 'jp-shk:fuel.diesel' } }, CONTEXT)).toEqual({ ok: false, lineId: 'x', formulaId: 's1.fuel', error: 'missing_input', field: 'amount' });
    expect(calculate(null as unknown as ActivityLine, CONTEXT)).toMatchObject({ ok: false, error: 'invalid_input' });
  });

  it('equal factors entered on different lines (as parsed from JSON) share one resolution and one provenance record', () => {
    const line = (id: string): ActivityLine => ({ id, formulaId: 's3.1.spend', inputs: { spend: 1_000_000, emissionIntensity: JSON.parse('{"value": 2.1, "unit": "t-CO2e/百万円"}') } });
    const b = calculateBatch([line('a'), line('b')], CONTEXT);
    if (!b.ok) throw new Error(b.error);
    const [a, c] = b.results as CalculationSuccess[];
    expect(a!.co2eKg).toBeCloseTo(2100, 9);
    expect(a!.factors).toBe(c!.factors);
  });

  it('a line fiscal year must be a whole year', () => {
    expect(calculate({ ...diesel('a', 1), fiscalYear: 2022.5 }, CONTEXT)).toMatchObject({ ok: false, error: 'invalid_input', field: 'fiscalYear' });
  });

  it('a line fiscal year overrides the context one', () => {
    const r = calculate({ ...diesel('a', 1), fiscalYear: 2030 }, CONTEXT) as CalculationSuccess;
    expect(r.fiscalYear).toBe(2030);
    expect(r.warnings[0]?.code).toBe('factor_outside_validity');
  });

  it('calculate, calculateBatch and a prepared engine agree; explain adds the arithmetic', () => {
    const line = diesel('a', 12.5);
    const single = calculate(line, CONTEXT) as CalculationSuccess;
    const p = prepare(CONTEXT);
    if (!p.ok) throw new Error(p.error);
    expect(p.engine.calculate(line)).toEqual(single);
    const batch = calculateBatch([line, line], CONTEXT);
    expect(batch.ok && batch.results[1]).toEqual(single);
    expect(single.steps).toBeUndefined();
    const explained = calculate(line, { ...CONTEXT, explain: true }) as CalculationSuccess;
    expect(explained.steps).toEqual([{ label: 'amount', expression: '12.5 L × 2.58 kg-CO2e/L', value: 32.25, unit: 'kg-CO2e' }]);
  });

  it('results of different lines never share mutable state', () => {
    const b = calculateBatch([diesel('a', 1), diesel('b', 2)], CONTEXT);
    if (!b.ok) throw new Error(b.error);
    const [a, c] = b.results as CalculationSuccess[];
    expect(a!.gasesKg).not.toBe(c!.gasesKg);
    expect(a!.factors).toBe(c!.factors); // provenance is shared on purpose, and frozen-by-contract
  });
});
