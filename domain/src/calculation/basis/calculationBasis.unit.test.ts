import { describe, expect, it } from 'vitest';
import type { CalculationBasisEvent } from '@ghg/events';
import { given } from '../../core/decider';
import { SHIPPED_FACTOR_SETS } from '../factors/data';
import { calculationBasisDecider, defaultBasis, type SetCalculationBasis } from './calculationBasis';
import { compareBases } from './preview';

const companyId = 'c1';
const available = { 'jp-shk': ['legacy', '2024'], 'uk-desnz': ['2025'], 'co-glec': ['1', '2'] };
const defaults = { gwpSet: 'AR6', factorSets: { 'jp-shk': 'legacy', 'uk-desnz': '2025' } };
const set = (p: Partial<SetCalculationBasis> = {}): SetCalculationBasis => ({
  type: 'SetCalculationBasis',
  companyId,
  fiscalYear: 2022,
  newId: 'b1',
  available,
  defaults,
  ...p,
});
const basisSet: CalculationBasisEvent = {
  type: 'CalculationBasisSet',
  data: { id: 'b1', companyId, fiscalYear: 2022, gwpSet: 'AR6', factorSets: { 'jp-shk': 'legacy', 'uk-desnz': '2025' }, defaulted: true, reason: null },
};

describe('calculation basis decider', () => {
  it('given no basis, when set without choices, then the defaults are written explicitly', () => {
    expect(given(calculationBasisDecider, []).when(set())).toEqual({ ok: true, events: [basisSet] });
  });

  it('given no basis, when set with a GWP set and a pin, then they are merged into the defaults', () => {
    const r = given(calculationBasisDecider, []).when(set({ gwpSet: 'AR5', factorSets: { 'co-glec': '2', 'uk-desnz': null }, reason: ' first ' }));
    expect(r).toEqual({
      ok: true,
      events: [
        {
          type: 'CalculationBasisSet',
          data: { id: 'b1', companyId, fiscalYear: 2022, gwpSet: 'AR5', factorSets: { 'co-glec': '2', 'jp-shk': 'legacy' }, defaulted: false, reason: 'first' },
        },
      ],
    });
  });

  it('given a basis, when a set is moved to a new version, then CalculationBasisChanged carries before and after', () => {
    const r = given(calculationBasisDecider, [basisSet]).when(set({ factorSets: { 'jp-shk': '2024' }, reason: 'SHK 2024', expectedVersion: 0 }));
    expect(r).toEqual({
      ok: true,
      events: [
        {
          type: 'CalculationBasisChanged',
          data: {
            id: 'b1',
            companyId,
            fiscalYear: 2022,
            before: { gwpSet: 'AR6', factorSets: { 'jp-shk': 'legacy', 'uk-desnz': '2025' } },
            after: { gwpSet: 'AR6', factorSets: { 'jp-shk': '2024', 'uk-desnz': '2025' } },
            reason: 'SHK 2024',
          },
        },
      ],
    });
  });

  it('given a basis, newer defaults do not change it: a save without changes appends nothing', () => {
    const r = given(calculationBasisDecider, [basisSet]).when(set({ defaults: { gwpSet: 'AR5', factorSets: { 'jp-shk': '2024' } } }));
    expect(r).toEqual({ ok: true, events: [] });
  });

  it.each([
    [{ expectedVersion: 3 }, 'version_conflict'],
    [{ expectedVersion: -1 }, 'version_conflict'],
    [{ gwpSet: 'AR4' }, 'unknown_gwp_set'],
    [{ factorSets: { 'xx-none': '1' } }, 'unknown_factor_set'],
    [{ factorSets: { 'jp-shk': '2030' } }, 'unknown_factor_set_version'],
    [{ fiscalYear: 20222 }, 'invalid_fiscal_year'],
    [{ reason: 'x'.repeat(501) }, 'invalid_reason'],
  ] as const)('given a basis, when set with %o, then %s', (patch, error) => {
    expect(given(calculationBasisDecider, [basisSet]).when(set(patch))).toEqual({ ok: false, error });
  });

  it('given no basis, expectedVersion -1 is accepted', () => {
    expect(given(calculationBasisDecider, []).when(set({ expectedVersion: -1 })).ok).toBe(true);
  });
});

describe('default basis', () => {
  it('picks, per set, the newest version valid in the fiscal year, else the newest', () => {
    const b2022 = defaultBasis(2022, SHIPPED_FACTOR_SETS);
    expect(b2022.gwpSet).toBe('AR6');
    expect(b2022.factorSets['jp-shk']).toBe('legacy'); // valid to 2023-03-31: FY2022 (April start) overlaps
    expect(b2022.factorSets['uk-desnz']).toBe('2025'); // nothing valid in FY2022: the newest
    expect(defaultBasis(2023, SHIPPED_FACTOR_SETS).factorSets['jp-shk']).toBe('2024');
    // A January start: FY2023 is calendar 2023, which legacy (to 2023-03-31) still overlaps.
    expect(defaultBasis(2023, SHIPPED_FACTOR_SETS, 1).factorSets['jp-shk']).toBe('2024');
    expect(Object.keys(b2022.factorSets)).toEqual([...new Set(SHIPPED_FACTOR_SETS.map((s) => s.id))].sort());
  });

  it('company sets: the highest version number', () => {
    expect(defaultBasis(2022, [{ id: 'co', version: '1', year: 1 }, { id: 'co', version: '2', year: 2 }]).factorSets).toEqual({ co: '2' });
  });
});

describe('compareBases', () => {
  it('shows each line and the totals under the old and the new basis', () => {
    const lines = [
      { id: 'gas', formulaId: 's1.fuel', inputs: { amount: { value: 1000, unit: 'mmBtu' }, emissionIntensity: 'us-epa-hub:stationary.naturalGas' } },
      { id: 'bad', formulaId: 's1.fuel', inputs: { amount: { value: 1, unit: 'kg' }, emissionIntensity: 'jp-shk:fuel.diesel' } },
    ];
    const pins = { 'us-epa-hub': '2024', 'jp-shk': 'legacy' };
    const c = compareBases(lines, { factorSets: pins, gwpSet: 'AR5', fiscalYear: 2024 }, { factorSets: pins, gwpSet: 'AR6', fiscalYear: 2024 });
    expect(c.lines[0]).toMatchObject({ index: 0, lineId: 'gas', before: { ok: true }, after: { ok: true } });
    expect(c.lines[0]!.before).toEqual({ ok: true, co2eKg: expect.closeTo(53114.5, 6) });
    expect(c.lines[0]!.after).toEqual({ ok: true, co2eKg: expect.closeTo(53115.2, 6) });
    expect(c.lines[0]!.deltaKg).toBeCloseTo(0.7, 6);
    expect(c.lines[1]).toMatchObject({ before: { ok: false, error: 'unit_mismatch' }, deltaKg: null });
    expect(c.totals.beforeKg).toBeCloseTo(53114.5, 6);
    expect(c.totals.deltaKg).toBeCloseTo(0.7, 6);
  });

  it('an unusable basis is reported on its side, the other side still calculates', () => {
    const line = { id: 'x', formulaId: 's1.fuel', inputs: { amount: 1, emissionIntensity: 'jp-shk:fuel.diesel' } };
    const c = compareBases([line], { factorSets: { 'jp-shk': 'legacy' }, gwpSet: 'AR5', fiscalYear: 2022 }, { factorSets: { 'jp-shk': 'nope' }, gwpSet: 'AR5', fiscalYear: 2022 });
    expect(c.after).toMatchObject({ summary: null, error: 'factor_set_not_found' });
    expect(c.lines[0]).toMatchObject({ before: { ok: true }, after: { ok: false, error: 'factor_set_not_found' } });
  });
});
