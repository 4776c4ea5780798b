import type { RuleMatchFieldName, ruleCountSources } from '@ghg/events';
import type { FormulaField } from '../settings/scopeSetting/api';
import { detailOf, formOf, type FormErrors, type SettingForm } from '../settings/scopeSetting/form';
import type { ImportRule, RuleBody, RuleCondition } from './api';

/**
 * The rule dialog's form. Its target (category, formula and the formula's fields) is the scope
 * setting form itself (settings/scopeSetting/form.ts), so a rule's target is chosen, shown and
 * checked exactly as a scope setting's is.
 */

/** A rule holds at most this many conditions (the event contract's bound). */
export const MAX_CONDITIONS = 10;
export const MAX_PRIORITY = 1_000_000;

export type CountFrom = (typeof ruleCountSources)[number];
export type RuleAction = 'record' | 'exclude';

export interface RuleForm {
  name: string;
  priority: string;
  action: RuleAction;
  conditions: { field: RuleMatchFieldName; value: string }[];
  countFrom: CountFrom;
  /** '' for none. */
  sectionId: string;
  /** scopeCategory, formulaId and `detail.<key>` of the formula's fields. */
  target: SettingForm;
}

/** What a new rule starts from: the conditions of an unmatched group, and a name for them. */
export interface RulePrefill {
  name: string;
  conditions: readonly RuleCondition[];
}

const NO_DETAIL: Readonly<Record<string, unknown>> = {};

/** The form of a rule (its own values), of a new rule from a prefill, or of a blank new one. */
export function ruleFormOf(rule: ImportRule | null, prefill: RulePrefill | null, priority: number, fieldsOf: (formulaId: string) => readonly FormulaField[]): RuleForm {
  if (rule) {
    return {
      name: rule.name,
      priority: String(rule.priority),
      action: rule.action,
      conditions: rule.conditions.map((c) => ({ ...c })),
      countFrom: rule.countFrom,
      sectionId: rule.sectionId ?? '',
      target: targetFormOf(rule.scopeCategory ?? '', rule.formulaId ?? '', rule.detail, fieldsOf),
    };
  }
  return {
    name: prefill?.name ?? '',
    priority: String(priority),
    action: 'record',
    conditions: prefill && prefill.conditions.length > 0 ? prefill.conditions.map((c) => ({ ...c })) : [{ field: 'accountCode', value: '' }],
    countFrom: 'volume',
    sectionId: '',
    target: targetFormOf('', '', NO_DETAIL, fieldsOf),
  };
}

/** The target part: a category, a formula and the text of each field the formula's setting holds. */
export function targetFormOf(scopeCategory: string, formulaId: string, detail: Readonly<Record<string, unknown>>, fieldsOf: (formulaId: string) => readonly FormulaField[]): SettingForm {
  const { section: _section, ...form } = formOf({ scopeCategory, formulaId, section: '', detail }, formulaId ? fieldsOf(formulaId) : []);
  return form;
}

/** The next priority for a new rule: after the last one, in steps of 10 (100 for the first). */
export function nextPriority(rules: readonly Pick<ImportRule, 'priority'>[]): number {
  if (rules.length === 0) return 100;
  return Math.min(MAX_PRIORITY, Math.max(...rules.map((r) => r.priority)) + 10);
}

/**
 * Checks the form and builds what a save sends. Errors are keyed by form field: name, priority,
 * `condition.<i>`, scopeCategory, formulaId and `detail.<key>`. An exclusion has no target.
 * `stored` is the detail the rule holds for its formula ({} for a new rule or another formula).
 */
export function checkRule(
  form: RuleForm,
  fields: readonly FormulaField[],
  stored: Readonly<Record<string, unknown>>,
  edit: Pick<ImportRule, 'ruleId' | 'version'> | null,
): { errors: FormErrors; body?: RuleBody } {
  const errors: FormErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = 'validation.required';
  const priorityText = form.priority.trim();
  const priority = Number(priorityText);
  if (!priorityText) errors.priority = 'validation.required';
  else if (!/^\d+$/.test(priorityText) || priority > MAX_PRIORITY) errors.priority = 'import.rule.invalidPriority';
  if (form.conditions.length === 0) errors.conditions = 'import.rule.needsCondition';
  if (form.conditions.length > MAX_CONDITIONS) errors.conditions = 'import.rule.tooManyConditions';
  form.conditions.forEach((c, i) => {
    if (!c.value.trim()) errors[`condition.${i}`] = 'validation.required';
  });
  let detail: Record<string, unknown> = {};
  if (form.action === 'record') {
    const checked = detailOf(form.target, fields, stored);
    Object.assign(errors, checked.errors);
    detail = checked.detail;
    if (!form.target.scopeCategory) errors.scopeCategory = 'validation.required';
    if (!form.target.formulaId) errors.formulaId = 'validation.required';
  }
  if (Object.keys(errors).length > 0) return { errors };
  const record = form.action === 'record';
  return {
    errors,
    body: {
      ...(edit ? { ruleId: edit.ruleId } : {}),
      name,
      priority,
      conditions: form.conditions.map((c) => ({ field: c.field, value: c.value.trim() })),
      action: form.action,
      scopeCategory: record ? (form.target.scopeCategory as RuleBody['scopeCategory']) : null,
      formulaId: record ? form.target.formulaId! : null,
      detail: record ? detail : {},
      sectionId: form.sectionId || null,
      countFrom: form.countFrom,
      // A new rule must not exist yet (-1); a changed one must still be at the version shown.
      expectedVersion: edit ? edit.version : -1,
    },
  };
}

/** The form field a refusal names: `conditions.<i>.value` is that condition, `sectionId` the section; the target's own names as they are. */
export function formKeyOfRefusal(field: string): string | null {
  const condition = /^conditions\.(\d+)/.exec(field);
  if (condition) return `condition.${condition[1]}`;
  if (['name', 'priority', 'sectionId', 'scopeCategory', 'formulaId', 'conditions'].includes(field)) return field;
  if (field.startsWith('detail.')) return field;
  return null;
}
