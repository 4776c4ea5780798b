import { describe, expect, it } from 'vitest';
import { given } from '../core/decider';
import { baseYearDecider, baseYearFiguresOf, significance, type BaseYearEvent, type BaseYearFigures, type RestateBaseYear } from './baseYear';
import { buildGhgInventory } from './ghgInventory';

const figures = (totalKg: string): BaseYearFigures => ({ scope1Kg: totalKg, scope2LocationKg: '0.000000', scope2MarketKg: '0.000000', scope3Kg: '0.000000', totalKg, lines: 1 });
const set: BaseYearEvent = { type: 'BaseYearSet', data: { companyId: 'c1', baseYear: 2019, thresholdPercent: 5, position: '40', sha256: 'a'.repeat(64), figures: figures('1000.000000') } };
const restate = (p: Partial<RestateBaseYear> = {}): RestateBaseYear => ({
  type: 'RestateBaseYear',
  companyId: 'c1',
  position: '55',
  sha256: 'b'.repeat(64),
  figures: figures('1100.000000'),
  reason: 'structural',
  note: 'Plant B acquired: its 2019 emissions added',
  ...p,
});

describe('the base year', () => {
  it('compares scope 1 + scope 2 (location-based) + scope 3, water apart', () => {
    const content = buildGhgInventory({
      companyId: 'c1',
      fiscalYear: 2019,
      position: '1',
      lines: [
        { dealId: 'a', sectionId: 's', scopeCategory: '1', formulaId: 'f', co2eKg: '100.000000', locationKg: null, marketKg: null, gasesKg: {}, factors: [], gwpSet: { id: 'g', version: '1' } },
        { dealId: 'b', sectionId: 's', scopeCategory: '2', formulaId: 'f', co2eKg: '40.000000', locationKg: '40.000000', marketKg: '30.000000', gasesKg: {}, factors: [], gwpSet: { id: 'g', version: '1' } },
        { dealId: 'c', sectionId: 's', scopeCategory: '36', formulaId: 'f', co2eKg: '7.500000', locationKg: null, marketKg: null, gasesKg: {}, factors: [], gwpSet: { id: 'g', version: '1' } },
        { dealId: 'd', sectionId: 's', scopeCategory: 'water', formulaId: 'f', co2eKg: '2.000000', locationKg: null, marketKg: null, gasesKg: {}, factors: [], gwpSet: { id: 'g', version: '1' } },
      ],
    });
    expect(baseYearFiguresOf(content)).toEqual({ scope1Kg: '100.000000', scope2LocationKg: '40.000000', scope2MarketKg: '30.000000', scope3Kg: '7.500000', totalKg: '147.500000', lines: 4 }); // 100 + 40 + 7.5
  });

  it('is significantly changed only above the threshold: 5 % of 1,000 kg is 50 kg', () => {
    expect(significance('1000.000000', '1050.000000', 5)).toEqual({ changeKg: '50.000000', changePercent: 5, significant: false });
    expect(significance('1000.000000', '1050.000001', 5).significant).toBe(true);
    expect(significance('1000.000000', '949.999999', 5).significant).toBe(true); // a fall counts as much as a rise
    expect(significance('1000.000000', '1012.500000', 1.25)).toMatchObject({ changePercent: 1.25, significant: false });
    expect(significance('0.000000', '0.000001', 5)).toEqual({ changeKg: '0.000001', changePercent: null, significant: true });
  });

  it('given none, when set, then BaseYearSet records the year, threshold, position, hash and figures', () => {
    const { data } = set;
    expect(given(baseYearDecider, []).when({ type: 'SetBaseYear', ...data })).toEqual({ ok: true, events: [set] });
  });

  it('given a base year, when restated later with a note, then BaseYearRestated names the record it recalculates', () => {
    expect(given(baseYearDecider, [set]).when(restate())).toEqual({
      ok: true,
      events: [{ type: 'BaseYearRestated', data: { companyId: 'c1', baseYear: 2019, position: '55', sha256: 'b'.repeat(64), figures: figures('1100.000000'), previousPosition: '40', reason: 'structural', note: 'Plant B acquired: its 2019 emissions added' } }],
    });
  });

  it('refuses a restatement without a base year, without a note, not later than the last record, or with nothing changed', () => {
    expect(given(baseYearDecider, []).when(restate())).toEqual({ ok: false, error: 'base_year_not_set' });
    expect(given(baseYearDecider, [set]).when(restate({ note: '  ' }))).toEqual({ ok: false, error: 'note_required' });
    expect(given(baseYearDecider, [set]).when(restate({ position: '40' }))).toEqual({ ok: false, error: 'restatement_not_later' });
    expect(given(baseYearDecider, [set]).when(restate({ figures: figures('1000.000000') }))).toEqual({ ok: false, error: 'restatement_unchanged' });
  });
});
