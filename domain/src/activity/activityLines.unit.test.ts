import { describe, expect, it } from 'vitest';
import type { ActivityLineEvent } from '@ghg/events';
import { given } from '../core/decider';
import { FORMULA_BY_ID } from '../calculation/formulas/catalogue';
import type { SectionFacts } from '../settings/scopeSetting/scopeSettings';
import {
  activityLineProblem,
  activityLinesDecider,
  activityLineStreamId,
  fiscalMonthOf,
  lineInputs,
  normaliseCountUnit,
  type ActivityLineCommand,
  type Deal,
  type LineBasis,
  type LineScopeSetting,
} from './activityLines';

const companyId = 'c1';
const sections: SectionFacts = { sectionIds: ['plant', 'office'], permittedSectionIds: null };
const plantEditor: SectionFacts = { sectionIds: ['plant', 'office'], permittedSectionIds: ['plant'] };

/** Fiscal year 2022 (April start) on its default basis: SHK's legacy factors, AR6. */
const fy2022: LineBasis = { fiscalYear: 2022, version: 0, context: { factorSets: { 'jp-shk': 'legacy', 'jp-shk-electricity-suppliers': 'FY2023' }, gwpSet: 'AR6', fiscalYear: 2022, fiscalYearStartMonth: 4 } };
const fy2023: LineBasis = { fiscalYear: 2023, version: 2, context: { factorSets: { 'jp-shk': 'legacy', 'jp-shk-electricity-suppliers': 'FY2023' }, gwpSet: 'AR6', fiscalYear: 2023, fiscalYearStartMonth: 4 } };

const dieselSetting: LineScopeSetting = { id: 'ss1', scopeCategory: '1', formulaId: 's1.fuel', section: 'plant', detail: { fuel: '軽油', emissionIntensity: 'jp-shk:fuel.diesel' } };
const deal = (p: Partial<Deal> = {}): Deal => ({ id: 'd1', count: 1000, countUnit: 'L', amount: null, currency: null, occurrenceDate: '2022-07-15', item: null, client: null, ...p });

type Record_ = Extract<ActivityLineCommand, { type: 'RecordActivityLine' }>;
type Remove = Extract<ActivityLineCommand, { type: 'RemoveActivityLine' }>;
const record = (p: Partial<Record_> = {}): Record_ => ({
  type: 'RecordActivityLine',
  companyId,
  deal: deal(),
  scopeSetting: dieselSetting,
  scopeSettingDetail: {},
  startMonth: 4,
  basis: fy2022,
  sections,
  ...p,
});
const remove = (p: Partial<Remove> = {}): Remove => ({ type: 'RemoveActivityLine', companyId, dealId: 'd1', scopeSettingId: null, sections, ...p });

/** The event a command appends (the decider's own answer), for building histories. */
const eventOf = (command: Record_): ActivityLineEvent => {
  const decision = activityLinesDecider.decide(command, activityLinesDecider.initialState());
  if (!decision.ok) throw new Error(decision.error);
  return decision.events[0]!;
};
const recorded = (p: Partial<Record_> = {}) => eventOf(record(p));

describe('activity line → calculation engine', () => {
  it('diesel 1,000 L × 2.58 kg-CO2/L (SHK legacy, published factor) = 2,580 kg CO2, stored with the factor, its set and version, and the GWP set', () => {
    const decision = given(activityLinesDecider, []).when(record());
    expect(decision.ok).toBe(true);
    const event = decision.ok ? decision.events[0]! : null;
    expect(event?.type).toBe('ActivityLineRecorded');
    if (event?.type !== 'ActivityLineRecorded') return;
    expect(event.data).toMatchObject({
      dealId: 'd1',
      scopeSettingId: 'ss1',
      scopeCategory: '1',
      section: 'plant',
      source: 'manual',
      // The deal's count fills the field the formula maps to it ('amount', dealMapping count), with its unit.
      inputs: { fuel: '軽油', amount: { value: 1000, unit: 'L' }, emissionIntensity: 'jp-shk:fuel.diesel' },
    });
    expect(event.data.calculation).toEqual({
      formulaId: 's1.fuel',
      fiscalYear: 2022,
      // July is the fourth month of a year starting in April.
      fiscalMonth: 4,
      quantity: 1000,
      unit: 'L',
      co2eKg: 2580,
      gasesKg: { CO2: 2580 },
      stages: null,
      basis: null,
      factors: [{ setId: 'jp-shk', version: 'legacy', key: 'fuel.diesel', confirmed: true, origin: 'library', values: [{ value: 2.58, unit: 'kg-CO2/L', stage: 'TTW' }] }],
      gwpSet: { id: 'AR6', version: '2021' },
      factorSets: fy2022.context.factorSets,
      basisVersion: 0,
      warnings: [],
    });
  });

  it('a deal in kL converts exactly: 12.5 kL × 2,580 kg/kL = 32,250 kg', () => {
    const decision = given(activityLinesDecider, []).when(record({ deal: deal({ count: 12.5, countUnit: 'kL' }) }));
    expect(decision.ok && decision.events[0]!.type === 'ActivityLineRecorded' && decision.events[0]!.data.calculation.co2eKg).toBe(32250);
  });

  it('scope 2, 10,000 kWh on both bases: location 10,000 × 0.434 = 4,340 kg; market (10,000 − 4,000 certificates) × 0.464 = 2,784 kg', () => {
    const electricity = deal({ count: 10000, countUnit: 'kWh', occurrenceDate: '2023-06-01' });
    const location = eventOf(
      record({ deal: electricity, basis: fy2023, scopeSetting: { id: 'loc', scopeCategory: '2', formulaId: 's2.location', section: 'plant', detail: { emissionIntensity: { value: 0.434, unit: 'kg-CO2e/kWh' } } } }),
    );
    const market = eventOf(
      record({
        deal: electricity,
        basis: fy2023,
        scopeSetting: { id: 'mkt', scopeCategory: '2', formulaId: 's2.market', section: 'plant', detail: { supplier: '四国電力 メニューC', emissionIntensity: 'jp-shk-electricity-suppliers:shikoku.menuC' } },
        scopeSettingDetail: { certificates: 4000 },
      }),
    );
    if (location.type === 'ActivityLineRemoved' || market.type === 'ActivityLineRemoved') throw new Error('recorded');
    expect(location.data.calculation).toMatchObject({ basis: 'location', co2eKg: 4340, quantity: 10000, unit: 'kWh', fiscalYear: 2023, fiscalMonth: 3, basisVersion: 2 });
    expect(location.data.calculation.factors[0]).toMatchObject({ setId: 'custom', origin: 'line' });
    expect(market.data.calculation).toMatchObject({ basis: 'market', co2eKg: 2784, factors: [expect.objectContaining({ setId: 'jp-shk-electricity-suppliers', version: 'FY2023', key: 'shikoku.menuC' })] });
  });

  describe('one scope-2 line carries both bases', () => {
    const electricity = deal({ count: 10000, countUnit: 'kWh', occurrenceDate: '2023-06-01' });
    const grid = { value: 0.434, unit: 'kg-CO2e/kWh' };
    const marketSetting = (detail: Record<string, unknown> = {}): LineScopeSetting => ({
      id: 'mkt',
      scopeCategory: '2',
      formulaId: 's2.market',
      section: 'plant',
      detail: { supplier: '四国電力 メニューC', emissionIntensity: 'jp-shk-electricity-suppliers:shikoku.menuC', ...detail } as LineScopeSetting['detail'],
    });
    const calculationOf = (p: Partial<Record_>) => {
      const event = eventOf(record({ deal: electricity, basis: fy2023, ...p }));
      if (event.type === 'ActivityLineRemoved') throw new Error('recorded');
      return event.data.calculation;
    };

    it('a market line with the grid factor: market (10,000 − 4,000) × 0.464 = 2,784 kg; location 10,000 × 0.434 = 4,340 kg (certificates never reduce it)', () => {
      const c = calculationOf({ scopeSetting: marketSetting({ gridEmissionIntensity: grid }), scopeSettingDetail: { certificates: 4000 } });
      expect(c).toMatchObject({ basis: 'market', co2eKg: 2784 });
      expect(c.otherBasis).toMatchObject({ basis: 'location', method: 'calculated', formulaId: 's2.location', co2eKg: 4340, gasesKg: { CO2e: 4340 } });
      expect(c.otherBasis?.factors).toEqual([expect.objectContaining({ setId: 'custom', origin: 'line', values: [{ value: 0.434, unit: 'kg-CO2e/kWh' }] })]);
      expect(c.warnings).toEqual([]);
    });

    it('certificates given with their unit convert: 4 MWh on a 10,000 kWh line, (10,000 − 4,000) × 0.464 = 2,784 kg', () => {
      expect(calculationOf({ scopeSetting: marketSetting({ gridEmissionIntensity: grid }), scopeSettingDetail: { certificates: { value: 4, unit: 'MWh' } } }).co2eKg).toBe(2784);
    });

    it('a location line: its market figure is the grid average itself (no contractual instrument), 10,000 × 0.434 = 4,340 kg on both', () => {
      const c = calculationOf({ scopeSetting: { id: 'loc', scopeCategory: '2', formulaId: 's2.location', section: 'plant', detail: { emissionIntensity: grid } } });
      expect(c).toMatchObject({ basis: 'location', co2eKg: 4340 });
      expect(c.otherBasis).toMatchObject({ basis: 'market', method: 'gridAverage', co2eKg: 4340 });
    });

    it('a market line that names no grid factor has no location figure, and says so on the line', () => {
      const c = calculationOf({ scopeSetting: marketSetting() });
      expect(c).toMatchObject({ basis: 'market', co2eKg: 4640, otherBasis: null }); // 10,000 × 0.464
      expect(c.warnings).toEqual([{ code: 'location_basis_factor_missing', detail: 'gridEmissionIntensity' }]);
    });

    it('a grid factor of the wrong unit refuses the line, naming the field it came from; nothing is recorded', () => {
      const wrong = { value: 2.58, unit: 'kg-CO2/L' };
      const onLine = record({ deal: electricity, basis: fy2023, scopeSetting: marketSetting(), scopeSettingDetail: { gridEmissionIntensity: wrong } });
      expect(activityLineProblem(onLine, { line: null })).toEqual({ error: expect.stringMatching(/unit/), field: 'scopeSettingDetail.gridEmissionIntensity' });
      expect(given(activityLinesDecider, []).when(onLine).ok).toBe(false);
      const onSetting = record({ deal: electricity, basis: fy2023, scopeSetting: marketSetting({ gridEmissionIntensity: wrong }) });
      expect(activityLineProblem(onSetting, { line: null })?.field).toBe('scopeSetting.detail.gridEmissionIntensity');
    });

    it('other scopes carry no other basis', () => {
      expect(calculationOf({ deal: deal({ occurrenceDate: '2022-07-15' }), basis: fy2022 })).not.toHaveProperty('otherBasis');
    });
  });

  it('fills count, amount, item and client from the deal; the line detail wins over the deal and the setting', () => {
    const spend = FORMULA_BY_ID.get('s3.1.spend')!;
    const inputs = lineInputs(spend, { spend: 1, emissionIntensity: 'x:y' }, deal({ count: null, countUnit: null, amount: 500, currency: 'USD', item: '紙', client: 'A社' }), { emissionIntensity: 'x:z' });
    expect(inputs).toEqual({ name: '紙', client: 'A社', spend: { value: 500, unit: 'USD' }, emissionIntensity: 'x:z' });
    const fuel = FORMULA_BY_ID.get('s1.fuel')!;
    expect(lineInputs(fuel, { amount: 3 }, deal({ count: 7, countUnit: null }), {})).toEqual({ amount: 7 });
    expect(lineInputs(fuel, { amount: 3 }, deal({ count: 7, countUnit: null }), { amount: 9 })).toEqual({ amount: 9 });
  });

  it('normalises per-distance count units, counts fiscal months from the start month, and keys the stream by company and deal', () => {
    expect([normaliseCountUnit('人キロ'), normaliseCountUnit('トンキロ'), normaliseCountUnit('L'), normaliseCountUnit(null)]).toEqual(['人', 't', 'L', null]);
    expect([fiscalMonthOf('2022-04-01', 4), fiscalMonthOf('2023-03-31', 4), fiscalMonthOf('2022-01-10', 1), fiscalMonthOf('2022-12-10', 1)]).toEqual([1, 12, 1, 12]);
    expect(activityLineStreamId('c1', 'd1')).toBe('activityLine-c1-d1');
  });
});

describe('activity lines decider', () => {
  it('given a line, when recorded again with another count, then ActivityLineChanged with the new results; unchanged, nothing', () => {
    const decision = given(activityLinesDecider, [recorded()]).when(record({ deal: deal({ count: 1200 }), expectedVersion: 0 }));
    expect(decision.ok && decision.events.map((e) => [e.type, e.type === 'ActivityLineRemoved' ? null : e.data.calculation.co2eKg])).toEqual([['ActivityLineChanged', 3096]]);
    expect(given(activityLinesDecider, [recorded()]).when(record())).toEqual({ ok: true, events: [] });
  });

  it('given a line removed, when recorded again, then ActivityLineRecorded', () => {
    const removed: ActivityLineEvent = { type: 'ActivityLineRemoved', data: { dealId: 'd1', companyId } };
    const decision = given(activityLinesDecider, [recorded(), removed]).when(record());
    expect(decision.ok && decision.events[0]!.type).toBe('ActivityLineRecorded');
  });

  it('when removed, then ActivityLineRemoved; an absent line, or the deal named with another setting, is activity_line_not_found', () => {
    expect(given(activityLinesDecider, [recorded()]).when(remove({ scopeSettingId: 'ss1', expectedVersion: 0 }))).toEqual({ ok: true, events: [{ type: 'ActivityLineRemoved', data: { dealId: 'd1', companyId } }] });
    expect(given(activityLinesDecider, []).when(remove())).toEqual({ ok: false, error: 'activity_line_not_found' });
    expect(activityLineProblem(remove({ scopeSettingId: 'other' }), { line: null })).toEqual({ error: 'activity_line_not_found', field: 'deal.id' });
    const state = { line: { ...(recorded().data as Extract<ActivityLineEvent, { type: 'ActivityLineRecorded' }>['data']), version: 0 } };
    expect(activityLineProblem(remove({ scopeSettingId: 'other' }), state)).toEqual({ error: 'activity_line_not_found', field: 'scopeSetting.id' });
  });

  it('a stale expectedVersion is version_conflict, on record and remove (-1: the line must not exist yet)', () => {
    expect(given(activityLinesDecider, [recorded()]).when(record({ expectedVersion: -1 }))).toEqual({ ok: false, error: 'version_conflict' });
    expect(given(activityLinesDecider, [recorded(), recorded({ deal: deal({ count: 2 }) })]).when(record({ expectedVersion: 0 }))).toEqual({ ok: false, error: 'version_conflict' });
    expect(given(activityLinesDecider, [recorded()]).when(remove({ expectedVersion: 3 }))).toEqual({ ok: false, error: 'version_conflict' });
    expect(given(activityLinesDecider, []).when(record({ expectedVersion: -1 })).ok).toBe(true);
  });

  it('a setting the company does not have is scope_setting_not_found', () => {
    expect(activityLineProblem(record({ scopeSetting: null }), { line: null })).toEqual({ error: 'scope_setting_not_found', field: 'scopeSetting.id' });
  });

  it('a section editor records and removes only lines whose setting is in their sections: section_not_permitted', () => {
    expect(given(activityLinesDecider, []).when(record({ sections: plantEditor })).ok).toBe(true);
    const office = { ...dieselSetting, id: 'ss2', section: 'office' };
    expect(activityLineProblem(record({ sections: plantEditor, scopeSetting: office }), { line: null })).toEqual({ error: 'section_not_permitted', field: 'scopeSetting.id' });
    const officeLine = recorded({ scopeSetting: office });
    // Moving another section's line into one's own is touching it too.
    expect(given(activityLinesDecider, [officeLine]).when(record({ sections: plantEditor }))).toEqual({ ok: false, error: 'section_not_permitted' });
    expect(given(activityLinesDecider, [officeLine]).when(remove({ sections: plantEditor }))).toEqual({ ok: false, error: 'section_not_permitted' });
  });

  it("the line's own detail is checked against the formula's fields: unknown_detail_field, invalid_detail_value", () => {
    expect(activityLineProblem(record({ scopeSettingDetail: { nonsense: 1 } }), { line: null })).toEqual({ error: 'unknown_detail_field', field: 'scopeSettingDetail.nonsense' });
    expect(activityLineProblem(record({ scopeSettingDetail: { fuel: 12 } }), { line: null })).toEqual({ error: 'invalid_detail_value', field: 'scopeSettingDetail.fuel' });
  });

  it('a fiscal year without a fixed basis is calculation_basis_not_set, on the deal date', () => {
    expect(activityLineProblem(record({ basis: null }), { line: null })).toEqual({ error: 'calculation_basis_not_set', field: 'deal.occurrenceDate' });
    // A basis of another year than the date's (the fiscal year starts in April: 2023-03-31 is 2022).
    expect(activityLineProblem(record({ deal: deal({ occurrenceDate: '2023-04-01' }) }), { line: null })).toEqual({ error: 'calculation_basis_not_set', field: 'deal.occurrenceDate' });
    expect(activityLineProblem(record({ deal: deal({ occurrenceDate: '2023-03-31' }) }), { line: null })).toBeNull();
  });

  it("a calculation that fails refuses the line with the engine's code and the field it came from", () => {
    const cases: [Partial<Record_>, string, string][] = [
      // The deal's unit does not measure the factor's: kg of diesel against a per-litre factor.
      [{ deal: deal({ countUnit: 'kg' }) }, 'unit_mismatch', 'deal.count'],
      [{ deal: deal({ count: null, countUnit: null }) }, 'missing_input', 'scopeSettingDetail.amount'],
      [{ scopeSetting: { ...dieselSetting, detail: { fuel: '軽油' } } }, 'missing_input', 'scopeSettingDetail.emissionIntensity'],
      [{ scopeSettingDetail: { emissionIntensity: 'jp-shk:fuel.nothing' } }, 'factor_not_found', 'scopeSettingDetail.emissionIntensity'],
      [{ scopeSetting: { ...dieselSetting, detail: { emissionIntensity: 'uk-desnz:freight.rail' } } }, 'factor_set_not_pinned', 'scopeSetting.detail.emissionIntensity'],
      [{ deal: deal({ countUnit: 'ｘｙｚ' }) }, 'unknown_unit', 'deal.count'],
    ];
    for (const [patch, error, field] of cases) {
      expect(activityLineProblem(record(patch), { line: null }), error).toEqual({ error, field });
      expect(given(activityLinesDecider, []).when(record(patch))).toEqual({ ok: false, error });
    }
  });

  it("a factor whose validity does not reach the line's fiscal year is refused: factor_outside_validity", () => {
    // SHK's legacy diesel factor is valid to 2023-03-31; fiscal year 2023 starts on 2023-04-01.
    expect(activityLineProblem(record({ deal: deal({ occurrenceDate: '2023-06-01' }), basis: fy2023 }), { line: null })).toEqual({
      error: 'factor_outside_validity',
      field: 'scopeSetting.detail.emissionIntensity',
    });
  });

  it('a result beyond the bounds a ledger holds is result_out_of_range', () => {
    expect(activityLineProblem(record({ deal: deal({ count: 1e15 }) }), { line: null })).toEqual({ error: 'result_out_of_range', field: 'scopeSettingDetail' });
  });
});

describe('a restated basis calculates the line again from its own inputs', () => {
  // 10 kg of HFC-134a leaked: × 1,530 (AR6) = 15,300 kg CO2e; restated to AR5, × 1,300 = 13,000 kg.
  const leak: LineScopeSetting = { id: 'gas', scopeCategory: '1', formulaId: 's1.gas', section: 'plant', detail: { ghgType: 'HFC', gas: 'HFC-134a' } };
  const recordedLeak = () => recorded({ scopeSetting: leak, deal: deal({ count: 10, countUnit: 'kg' }) });
  const ar5: LineBasis = { fiscalYear: 2022, version: 1, context: { ...fy2022.context, gwpSet: 'AR5' } };
  const recalc = (basis: LineBasis, dealId = 'd1'): ActivityLineCommand => ({ type: 'RecalculateActivityLine', companyId, dealId, startMonth: 4, basis });

  it('given a line on AR6, when the year is restated to AR5, then ActivityLineRecalculated with 13,000 kg and the new basis version; the deal and inputs unchanged', () => {
    const before = recordedLeak();
    if (before.type === 'ActivityLineRemoved') throw new Error('recorded');
    expect(before.data.calculation).toMatchObject({ co2eKg: 15300, gwpSet: { id: 'AR6' }, basisVersion: 0 });
    const decision = given(activityLinesDecider, [before]).when(recalc(ar5));
    expect(decision.ok).toBe(true);
    const event = decision.ok ? decision.events[0] : undefined;
    if (event?.type !== 'ActivityLineRecalculated') throw new Error(`expected a recalculation, got ${event?.type}`);
    expect(event.data.calculation).toMatchObject({ co2eKg: 13000, gasesKg: { 'HFC-134a': 10 }, gwpSet: { id: 'AR5' }, basisVersion: 1 });
    expect({ deal: event.data.deal, inputs: event.data.inputs, scopeSettingDetail: event.data.scopeSettingDetail }).toEqual({ deal: before.data.deal, inputs: before.data.inputs, scopeSettingDetail: before.data.scopeSettingDetail });
  });

  it('a line already on the basis version appends nothing (a second run finishes, never repeats)', () => {
    const decision = given(activityLinesDecider, [recordedLeak()]).when(recalc(fy2022));
    expect(decision).toEqual({ ok: true, events: [] });
  });

  it('an absent line is activity_line_not_found; a basis of another year than the line is calculation_basis_not_set', () => {
    expect(given(activityLinesDecider, []).when(recalc(ar5))).toEqual({ ok: false, error: 'activity_line_not_found' });
    const otherYear: LineBasis = { ...fy2023, version: 5 };
    expect(activityLineProblem(recalc(otherYear), activityLinesDecider.evolve({ line: null }, recordedLeak(), 0))).toEqual({ error: 'calculation_basis_not_set', field: 'deal.occurrenceDate' });
  });

  it('a basis the line cannot be calculated under refuses it, naming the input: an unknown GWP set', () => {
    const broken: LineBasis = { fiscalYear: 2022, version: 1, context: { ...fy2022.context, gwpSet: 'NO-SUCH-SET' } };
    const problem = activityLineProblem(recalc(broken), activityLinesDecider.evolve({ line: null }, recordedLeak(), 0));
    expect(problem?.error).toBeTruthy();
    expect(given(activityLinesDecider, [recordedLeak()]).when(recalc(broken)).ok).toBe(false);
  });
});
