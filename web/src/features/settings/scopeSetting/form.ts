import type { Locale, MessageId } from '@ghg/locales';
import { SCOPE3_CATEGORIES, scopeOfCategory } from '../../../core/router/categories';
import type { FormulaField, ScopeCategory } from './api';

/** The screen's tabs: scope 1, scope 2, scope 3 (its fifteen categories together) and water. */
export const SCOPE_GROUPS = ['1', '2', '3', 'water'] as const;
export type ScopeGroup = (typeof SCOPE_GROUPS)[number];

export const categoriesOf = (group: ScopeGroup): readonly ScopeCategory[] => (group === '3' ? SCOPE3_CATEGORIES : [group]);
/** A category's tab: the scope it counts under. */
export const groupOf = (category: ScopeCategory): ScopeGroup => scopeOfCategory(category);

/** Every category a setting may be for, in the order the screen lists them. */
export const ALL_CATEGORIES: readonly ScopeCategory[] = SCOPE_GROUPS.flatMap((g) => categoriesOf(g));

export type Labels = Record<Locale, string>;
export const labelOf = (labels: Labels, locale: Locale) => labels[locale] || labels.ja;

/** How the setting form shows a field of the formula's catalogue. */
export type FieldInput =
  | { kind: 'number'; unit: string | undefined }
  | { kind: 'text' }
  | { kind: 'select'; options: readonly string[] }
  | { kind: 'factor' }
  | { kind: 'gwp' }
  /** Filled by each activity line (its deal's item, client, count or amount, or the deal itself). */
  | { kind: 'fromLine' }
  /** Computed, never entered. */
  | { kind: 'hidden' };

const NUMERIC = new Set(['NUMBER', 'PERCENTAGE', 'CO2_EMISSION']);

export function inputOf(field: FormulaField): FieldInput {
  if (field.type === 'DISABLED') return { kind: 'hidden' };
  if (field.dealMapping || field.type === 'DEAL') return { kind: 'fromLine' };
  if (field.options) return { kind: 'select', options: field.options };
  // Spelled with three S on the wire.
  if (field.type === 'EMISSSION_INTENSITY') return { kind: 'factor' };
  if (field.type === 'GWP') return { kind: 'gwp' };
  if (NUMERIC.has(field.type)) return { kind: 'number', unit: field.type === 'PERCENTAGE' ? '%' : field.unit };
  return { kind: 'text' };
}

/** The fields a setting itself holds (not computed, not taken from each line). */
export const settingFields = (fields: readonly FormulaField[]) => fields.filter((f) => !['hidden', 'fromLine'].includes(inputOf(f).kind));
export const lineFields = (fields: readonly FormulaField[]) => fields.filter((f) => inputOf(f).kind === 'fromLine');

/** The form's key of a detail field (the server names it the same way: `detail.<key>`). */
export const detailKey = (key: string) => `detail.${key}`;

/** A stored value as the form's text: numbers and text as they are, anything structured as JSON. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export type SettingForm = Record<string, string>;

/** The form of a setting: category, formula, section and the text of every field it holds. */
export function formOf(start: { scopeCategory: string; formulaId: string; section: string; detail: Readonly<Record<string, unknown>> }, fields: readonly FormulaField[]): SettingForm {
  const form: SettingForm = { scopeCategory: start.scopeCategory, formulaId: start.formulaId, section: start.section };
  for (const f of settingFields(fields)) form[detailKey(f.key)] = textOf(start.detail[f.key]);
  return form;
}

export type FormErrors = Partial<Record<string, MessageId>>;

/**
 * The detail a form saves, keyed by field key. An empty field is left to each line; a field
 * whose text is unchanged keeps its stored value (a structured one included); values the form
 * does not show (taken from each line) are kept as stored.
 */
export function detailOf(form: SettingForm, fields: readonly FormulaField[], stored: Readonly<Record<string, unknown>>): { errors: FormErrors; detail: Record<string, unknown> } {
  const errors: FormErrors = {};
  const detail: Record<string, unknown> = {};
  for (const f of fields) {
    const input = inputOf(f);
    const before = stored[f.key];
    if (input.kind === 'hidden' || input.kind === 'fromLine') {
      if (before !== undefined && before !== null) detail[f.key] = before;
      continue;
    }
    const text = (form[detailKey(f.key)] ?? '').trim();
    if (before !== undefined && before !== null && textOf(before) === form[detailKey(f.key)]) {
      detail[f.key] = before;
      continue;
    }
    if (text === '') continue;
    if (input.kind !== 'number') {
      detail[f.key] = text;
      continue;
    }
    const n = Number(text.replace(/,/g, ''));
    if (!Number.isFinite(n)) errors[detailKey(f.key)] = 'scopeSetting.invalidNumber';
    else if (f.type === 'PERCENTAGE' && (n < 0 || n > 100)) errors[detailKey(f.key)] = 'scopeSetting.invalidPercentage';
    else detail[f.key] = n;
  }
  return { errors, detail };
}

/** Category, formula and section are required; the detail must be readable. */
export function checkForm(form: SettingForm, fields: readonly FormulaField[], stored: Readonly<Record<string, unknown>>) {
  const { errors, detail } = detailOf(form, fields, stored);
  for (const key of ['scopeCategory', 'formulaId', 'section']) if (!form[key]) errors[key] = 'validation.required';
  return { errors, detail };
}

/** A field's value for a table or a summary: option labels translated, numbers with their unit. */
export function displayValue(field: FormulaField, value: unknown, locale: Locale, format: (n: number) => string): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string' && field.optionLabels?.[value]) return labelOf(field.optionLabels[value], locale);
  const input = inputOf(field);
  if (typeof value === 'number') return input.kind === 'number' && input.unit && input.unit !== 'factor' ? `${format(value)} ${input.unit}` : format(value);
  return textOf(value);
}

/** The first few values a setting holds, as "label: value", for the table. */
export function summaryOf(fields: readonly FormulaField[], detail: Readonly<Record<string, unknown>>, locale: Locale, format: (n: number) => string, max = 3): string[] {
  return settingFields(fields)
    .map((f) => ({ f, text: displayValue(f, detail[f.key], locale, format) }))
    .filter((x) => x.text !== '')
    .slice(0, max)
    .map((x) => `${labelOf(x.f.label, locale)}: ${x.text}`);
}
