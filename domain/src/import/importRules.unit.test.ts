import { describe, expect, it } from 'vitest';
import type { ImportRuleEvent } from '@ghg/events';
import { given } from '../core/decider';
import type { SectionFacts } from '../settings/scopeSetting/scopeSettings';
import { importRuleProblem, importRulesDecider, type ImportRuleCommand } from './importRules';

const companyId = 'c1';
const sections: SectionFacts = { sectionIds: ['hq', 'plant'], permittedSectionIds: null };
const plantEditor: SectionFacts = { sectionIds: ['hq', 'plant'], permittedSectionIds: ['plant'] };
type Save = Extract<ImportRuleCommand, { type: 'SaveImportRule' }>;

const save = (p: Partial<Save> = {}): Save => ({
  type: 'SaveImportRule',
  companyId,
  ruleId: 'r1',
  name: 'Electricity by account 5210',
  priority: 10,
  conditions: [{ field: 'accountCode', value: '5210' }],
  action: 'record',
  scopeCategory: '1',
  formulaId: 's1.fuel',
  detail: { fuel: '軽油', emissionIntensity: 'jp-shk:fuel.diesel' },
  sectionId: 'hq',
  countFrom: 'volume',
  sections,
  ...p,
});

const defined = (p: Partial<Save> = {}): ImportRuleEvent => {
  const decision = importRulesDecider.decide(save(p), importRulesDecider.initialState());
  if (!decision.ok) throw new Error(decision.error);
  return decision.events[0]!;
};

describe('import rules decider', () => {
  it('given no rule, when one is saved, then ImportRuleDefined carries it', () => {
    const decision = given(importRulesDecider, []).when(save());
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['ImportRuleDefined']);
    expect(decision.ok && decision.events[0]!.type !== 'ImportRuleRemoved' && decision.events[0]!.data.conditions).toEqual([{ field: 'accountCode', value: '5210' }]);
  });

  it('given a rule, when the same is saved, then nothing; when its priority changes, then ImportRuleChanged', () => {
    expect(given(importRulesDecider, [defined()]).when(save())).toEqual({ ok: true, events: [] });
    const changed = given(importRulesDecider, [defined()]).when(save({ priority: 5 }));
    expect(changed.ok && changed.events.map((e) => e.type)).toEqual(['ImportRuleChanged']);
  });

  it('refuses a formula of another category, an unknown formula, a detail field the formula lacks, and a record rule without a target', () => {
    expect(given(importRulesDecider, []).when(save({ formulaId: 's2.market' }))).toEqual({ ok: false, error: 'formula_not_in_category' });
    expect(given(importRulesDecider, []).when(save({ formulaId: 'no.such' }))).toEqual({ ok: false, error: 'unknown_formula' });
    expect(given(importRulesDecider, []).when(save({ detail: { colour: 'red' } }))).toEqual({ ok: false, error: 'unknown_detail_field' });
    expect(given(importRulesDecider, []).when(save({ formulaId: null }))).toEqual({ ok: false, error: 'rule_target_missing' });
    expect(importRuleProblem(save({ scopeCategory: null }), { rule: null })).toEqual({ error: 'rule_target_missing', field: 'scopeCategory' });
  });

  it('an exclusion keeps no target: category, formula and detail are dropped', () => {
    const decision = given(importRulesDecider, []).when(save({ action: 'exclude' }));
    const data = decision.ok && decision.events[0]!.type === 'ImportRuleDefined' ? decision.events[0]!.data : null;
    expect(data && [data.scopeCategory, data.formulaId, data.detail]).toEqual([null, null, {}]);
  });

  it('refuses an unknown section, and a section-scoped user outside their sections or without a default section', () => {
    expect(given(importRulesDecider, []).when(save({ sectionId: 'nowhere' }))).toEqual({ ok: false, error: 'unknown_section' });
    expect(given(importRulesDecider, []).when(save({ sections: plantEditor }))).toEqual({ ok: false, error: 'section_not_permitted' });
    expect(given(importRulesDecider, []).when(save({ sections: plantEditor, sectionId: null }))).toEqual({ ok: false, error: 'section_not_permitted' });
    expect(given(importRulesDecider, []).when(save({ sections: plantEditor, sectionId: 'plant' })).ok).toBe(true);
  });

  it('checks the expected version, and removes an existing rule only', () => {
    expect(given(importRulesDecider, [defined()]).when(save({ expectedVersion: 3 }))).toEqual({ ok: false, error: 'version_conflict' });
    expect(given(importRulesDecider, []).when({ type: 'RemoveImportRule', companyId, ruleId: 'r1', sections })).toEqual({ ok: false, error: 'import_rule_not_found' });
    const removed = given(importRulesDecider, [defined()]).when({ type: 'RemoveImportRule', companyId, ruleId: 'r1', sections, expectedVersion: 0 });
    expect(removed.ok && removed.events).toEqual([{ type: 'ImportRuleRemoved', data: { ruleId: 'r1', companyId } }]);
  });
});
