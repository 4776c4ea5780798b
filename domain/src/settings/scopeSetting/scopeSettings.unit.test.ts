import { describe, expect, it } from 'vitest';
import { LIMITS, type ScopeSettingEvent } from '@ghg/events';
import { given } from '../../core/decider';
import { detailProblem, scopeSettingProblem, scopeSettingsDecider, sectionsWithin, type ScopeSettingCommand, type SectionFacts } from './scopeSettings';

const companyId = 'c1';
const sections: SectionFacts = { sectionIds: ['plant', 'office'], permittedSectionIds: null };
type Save = Extract<ScopeSettingCommand, { type: 'SaveScopeSetting' }>;
type Remove = Extract<ScopeSettingCommand, { type: 'RemoveScopeSetting' }>;
const save = (p: Partial<Save> = {}): Save => ({
  type: 'SaveScopeSetting',
  mode: 'create',
  companyId,
  id: 'ss1',
  scopeCategory: '1',
  formulaId: 's1.fuel',
  section: 'plant',
  detail: { fuel: '軽油', amount: 120, emissionIntensity: 'jp-shk:fuel.diesel' },
  dealId: null,
  sections,
  ...p,
});
const remove = (p: Partial<Remove> = {}): Remove => ({ type: 'RemoveScopeSetting', companyId, id: 'ss1', sections, linesUsing: 0, ...p });
const data = (p: Partial<Save> = {}) => {
  const { type: _t, mode: _m, sections: _s, expectedVersion: _v, ...rest } = save(p);
  return rest;
};
const added = (p: Partial<Save> = {}): ScopeSettingEvent => ({ type: 'ScopeSettingAdded', data: data(p) });
const changed = (p: Partial<Save> = {}): ScopeSettingEvent => ({ type: 'ScopeSettingChanged', data: data(p) });

describe('scope settings decider', () => {
  it('given none, when created, then ScopeSettingAdded with the formula, section and detail', () => {
    expect(given(scopeSettingsDecider, []).when(save())).toEqual({ ok: true, events: [added()] });
  });

  it('given a setting, when edited (or created again with its id), then ScopeSettingChanged replaces it whole', () => {
    const detail = { fuel: '灯油', amount: 5 };
    expect(given(scopeSettingsDecider, [added()]).when(save({ mode: 'edit', detail, dealId: 'deal-1', expectedVersion: 0 }))).toEqual({
      ok: true,
      events: [changed({ detail, dealId: 'deal-1' })],
    });
    expect(given(scopeSettingsDecider, [added()]).when(save({ section: 'office' }))).toEqual({ ok: true, events: [changed({ section: 'office' })] });
  });

  it('given a setting, when saved unchanged (detail keys in another order), then nothing is appended', () => {
    const reordered = { emissionIntensity: 'jp-shk:fuel.diesel', amount: 120, fuel: '軽油' };
    expect(given(scopeSettingsDecider, [added()]).when(save({ mode: 'edit', detail: reordered }))).toEqual({ ok: true, events: [] });
  });

  it('given a setting changed since the client read it, when saved or removed with the old version, then version_conflict', () => {
    const history = [added(), changed({ detail: {} })];
    expect(given(scopeSettingsDecider, history).when(save({ mode: 'edit', expectedVersion: 0 }))).toEqual({ ok: false, error: 'version_conflict' });
    expect(given(scopeSettingsDecider, history).when(remove({ expectedVersion: 0 }))).toEqual({ ok: false, error: 'version_conflict' });
    expect(given(scopeSettingsDecider, history).when(remove({ expectedVersion: 1 }))).toEqual({ ok: true, events: [{ type: 'ScopeSettingRemoved', data: { id: 'ss1', companyId } }] });
  });

  it('when an unknown id is edited or removed, then scope_setting_not_found', () => {
    expect(given(scopeSettingsDecider, []).when(save({ mode: 'edit' }))).toEqual({ ok: false, error: 'scope_setting_not_found' });
    expect(given(scopeSettingsDecider, []).when(remove())).toEqual({ ok: false, error: 'scope_setting_not_found' });
    // Lines recorded with it name it: it stays while they do.
    expect(given(scopeSettingsDecider, [added()]).when(remove({ linesUsing: 2 }))).toEqual({ ok: false, error: 'scope_setting_in_use' });
    const removed: ScopeSettingEvent = { type: 'ScopeSettingRemoved', data: { id: 'ss1', companyId } };
    expect(given(scopeSettingsDecider, [added(), removed]).when(remove())).toEqual({
      ok: false,
      error: 'scope_setting_not_found',
    });
  });

  it.each([
    [{ formulaId: 'no.such-formula' }, 'unknown_formula', 'formulaId'],
    [{ formulaId: 's2.location' }, 'formula_not_in_category', 'formulaId'],
    [{ scopeCategory: '31' as const }, 'formula_not_in_category', 'formulaId'],
    [{ formulaId: 'pe.machinery-fuel' }, 'formula_not_in_category', 'formulaId'],
    [{ section: 'elsewhere' }, 'unknown_section', 'section'],
    [{ detail: { fuel: '軽油', colour: 'red' } }, 'unknown_detail_field', 'detail.colour'],
    [{ detail: { amount: '120' } }, 'invalid_detail_value', 'detail.amount'],
    [{ detail: { amount: LIMITS.maxQuantity * 10 } }, 'invalid_detail_value', 'detail.amount'],
    [{ detail: { amount: { value: 1, unit: 'L', extra: true } } }, 'invalid_detail_value', 'detail.amount'],
    [{ detail: { amount: { value: '1', unit: 'L' } } }, 'invalid_detail_value', 'detail.amount'],
    [{ detail: { fuel: 42 } }, 'invalid_detail_value', 'detail.fuel'],
    [{ detail: { fuel: 'x'.repeat(LIMITS.shortTextLength + 1) } }, 'invalid_detail_value', 'detail.fuel'],
  ] as const)('when saved with %o, then %s naming %s', (patch, error, field) => {
    expect(given(scopeSettingsDecider, []).when(save(patch))).toEqual({ ok: false, error });
    expect(scopeSettingProblem(save(patch), scopeSettingsDecider.initialState())).toEqual({ error, field });
  });

  it('takes null for any field (not given), an option of an option field, and any bounded value for structured fields', () => {
    expect(detailProblem('s1.fuel', { fuel: null, amount: null, emissionIntensity: { value: 2.58, unit: 'kg-CO2/L' } })).toBeNull();
    expect(detailProblem('s3.6.travel-days', {})).toBeNull();
    expect(detailProblem('s3.6.travel-days', { travelType: 'overseas' })).toBeNull();
    expect(detailProblem('s3.6.travel-days', { travelType: 'moon' })).toEqual({ error: 'invalid_detail_value', field: 'detail.travelType' });
  });

  it('a number field takes a quantity with its unit as the engine does (30 MWh of certificates on a kWh line)', () => {
    expect(detailProblem('s2.market', { certificates: { value: 30, unit: 'MWh' } })).toBeNull();
    expect(detailProblem('s2.market', { certificates: 30 })).toBeNull();
  });

  it('checks option fields against their options', () => {
    const formulaWithOptions = 's1.gas';
    expect(detailProblem(formulaWithOptions, { ghgType: 'CH4' })).toBeNull();
    expect(detailProblem(formulaWithOptions, { ghgType: 'water vapour' })).toEqual({ error: 'invalid_detail_value', field: 'detail.ghgType' });
  });

  describe('a section-scoped user', () => {
    const scoped: SectionFacts = { sectionIds: ['plant', 'office'], permittedSectionIds: ['plant'] };

    it('saves and removes settings of their sections', () => {
      expect(given(scopeSettingsDecider, []).when(save({ sections: scoped }))).toEqual({ ok: true, events: [added()] });
      expect(given(scopeSettingsDecider, [added()]).when(remove({ sections: scoped })).ok).toBe(true);
    });

    it('when a setting of another section is created, moved there, edited or removed, then section_not_permitted', () => {
      expect(given(scopeSettingsDecider, []).when(save({ section: 'office', sections: scoped }))).toEqual({ ok: false, error: 'section_not_permitted' });
      expect(given(scopeSettingsDecider, [added()]).when(save({ section: 'office', sections: scoped }))).toEqual({ ok: false, error: 'section_not_permitted' });
      const ofOffice = added({ section: 'office' });
      expect(given(scopeSettingsDecider, [ofOffice]).when(save({ mode: 'edit', sections: scoped }))).toEqual({ ok: false, error: 'section_not_permitted' });
      expect(given(scopeSettingsDecider, [ofOffice]).when(remove({ sections: scoped }))).toEqual({ ok: false, error: 'section_not_permitted' });
    });
  });

  it('a section-scoped user may act on their section and its descendants; a whole-company user on all', () => {
    const tree = [
      { id: 'root', parentSectionId: null },
      { id: 'plants', parentSectionId: 'root' },
      { id: 'plant1', parentSectionId: 'plants' },
      { id: 'line1', parentSectionId: 'plant1' },
      { id: 'office', parentSectionId: 'root' },
    ];
    expect(sectionsWithin(tree, null)).toBeNull();
    expect(sectionsWithin(tree, 'plants')?.sort()).toEqual(['line1', 'plant1', 'plants']);
    expect(sectionsWithin(tree, 'gone')).toEqual([]);
  });
});
