import type { EventOf, ImportRuleEvent } from '@ghg/events';
import { accept, reject, type Decider } from '../core/decider';
import { FORMULA_BY_ID } from '../calculation/formulas/catalogue';
import { detailProblem, type SectionFacts } from '../settings/scopeSetting/scopeSettings';

/**
 * Import rules: which linked records become which activity lines. One stream per rule,
 * `importRule-<companyId>-<ruleId>`; its version is the rule's version, recorded by every import
 * that classified by it, so an auditor can tell which rule made a line.
 */
export const IMPORT_RULE_STREAM_PREFIX = 'importRule-';
export const importRuleStreamId = (companyId: string, ruleId: string) => `${IMPORT_RULE_STREAM_PREFIX}${companyId}-${ruleId}`;

type RuleData = EventOf<'ImportRuleDefined'>['data'];
export type ImportRuleData = Omit<RuleData, 'companyId'>;
export interface ImportRule extends ImportRuleData {
  version: number;
}

export interface ImportRuleState {
  rule: ImportRule | null;
}

export type ImportRuleCommand =
  | ({ type: 'SaveImportRule'; companyId: string; expectedVersion?: number; sections: SectionFacts } & ImportRuleData)
  | { type: 'RemoveImportRule'; companyId: string; ruleId: string; expectedVersion?: number; sections: SectionFacts };

export type ImportRuleError =
  | 'import_rule_not_found'
  | 'version_conflict'
  | 'unknown_formula'
  | 'formula_not_in_category'
  | 'rule_target_missing'
  | 'unknown_section'
  | 'section_not_permitted'
  | 'unknown_detail_field'
  | 'invalid_detail_value';

export interface ImportRuleProblem {
  error: ImportRuleError;
  field: string;
}

const permits = (sections: SectionFacts, sectionId: string) => sections.permittedSectionIds === null || sections.permittedSectionIds.includes(sectionId);

/** Why `c` is refused, naming the field; null when it is accepted. */
export function importRuleProblem(c: ImportRuleCommand, s: ImportRuleState): ImportRuleProblem | null {
  const existing = s.rule;
  if (c.type === 'RemoveImportRule') {
    if (!existing) return { error: 'import_rule_not_found', field: 'ruleId' };
    if (c.expectedVersion !== undefined && c.expectedVersion !== existing.version) return { error: 'version_conflict', field: 'expectedVersion' };
    // A section-scoped user removes only rules that default to their sections.
    if (c.sections.permittedSectionIds !== null && (existing.sectionId === null || !permits(c.sections, existing.sectionId))) return { error: 'section_not_permitted', field: 'sectionId' };
    return null;
  }
  if (c.expectedVersion !== undefined && c.expectedVersion !== (existing?.version ?? -1)) return { error: 'version_conflict', field: 'expectedVersion' };
  if (c.sectionId !== null) {
    if (!c.sections.sectionIds.includes(c.sectionId)) return { error: 'unknown_section', field: 'sectionId' };
    if (!permits(c.sections, c.sectionId)) return { error: 'section_not_permitted', field: 'sectionId' };
  } else if (c.sections.permittedSectionIds !== null) return { error: 'section_not_permitted', field: 'sectionId' };
  if (c.action === 'exclude') return null;
  if (c.scopeCategory === null) return { error: 'rule_target_missing', field: 'scopeCategory' };
  if (c.formulaId === null) return { error: 'rule_target_missing', field: 'formulaId' };
  const formula = FORMULA_BY_ID.get(c.formulaId);
  if (!formula) return { error: 'unknown_formula', field: 'formulaId' };
  if (formula.scope !== c.scopeCategory) return { error: 'formula_not_in_category', field: 'formulaId' };
  const detail = detailProblem(c.formulaId, c.detail);
  if (detail) return { error: detail.error === 'unknown_detail_field' ? 'unknown_detail_field' : 'invalid_detail_value', field: detail.field ?? 'detail' };
  return null;
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

export const importRulesDecider: Decider<ImportRuleCommand, ImportRuleEvent, ImportRuleState, ImportRuleError> = {
  eventTypes: { ImportRuleDefined: true, ImportRuleChanged: true, ImportRuleRemoved: true },
  initialState: () => ({ rule: null }),
  evolve: (_state, event, revision) => {
    if (event.type === 'ImportRuleRemoved') return { rule: null };
    const { companyId: _companyId, ...rule } = event.data;
    return { rule: { ...rule, version: revision } };
  },
  decide: (c, s) => {
    const problem = importRuleProblem(c, s);
    if (problem) return reject(problem.error);
    if (c.type === 'RemoveImportRule') return accept({ type: 'ImportRuleRemoved', data: { ruleId: c.ruleId, companyId: c.companyId } });
    const data: RuleData = {
      ruleId: c.ruleId,
      companyId: c.companyId,
      name: c.name,
      priority: c.priority,
      conditions: c.conditions,
      action: c.action,
      // An exclusion calculates nothing: its target fields are not kept.
      scopeCategory: c.action === 'exclude' ? null : c.scopeCategory,
      formulaId: c.action === 'exclude' ? null : c.formulaId,
      detail: c.action === 'exclude' ? {} : c.detail,
      sectionId: c.sectionId,
      countFrom: c.countFrom,
    };
    if (!s.rule) return accept({ type: 'ImportRuleDefined', data });
    const { version: _version, ...stored } = s.rule;
    const { companyId: _companyId, ...next } = data;
    return canonical(stored) === canonical(next) ? accept() : accept({ type: 'ImportRuleChanged', data });
  },
};
