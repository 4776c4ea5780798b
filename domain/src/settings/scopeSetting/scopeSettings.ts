import { LIMITS, type JsonValue, type ScopeSettingCategory, type ScopeSettingEvent } from '@ghg/events';
import { accept, reject, type Decider } from '../../core/decider';
import { FORMULA_BY_ID } from '../../calculation/formulas/catalogue';
import type { FieldDef } from '../../calculation/formulas/fields';

/**
 * Scope settings: how one kind of activity of a company section is calculated — the formula of
 * the catalogue and its inputs (`detail`, keyed by the formula's field keys). One stream per
 * setting, `scopeSetting-<companyId>-<id>`; no rule spans settings, so there is no claim register.
 */
export const SCOPE_SETTING_STREAM_PREFIX = 'scopeSetting-';
export const scopeSettingStreamId = (companyId: string, id: string) => `${SCOPE_SETTING_STREAM_PREFIX}${companyId}-${id}`;

export type ScopeSettingDetail = Readonly<Record<string, JsonValue>>;

export interface ScopeSetting {
  id: string;
  scopeCategory: ScopeSettingCategory;
  formulaId: string;
  section: string;
  detail: ScopeSettingDetail;
  dealId: string | null;
  version: number;
}

export interface ScopeSettingsState {
  settings: ReadonlyMap<string, ScopeSetting>;
}

/** What the command handler knows of the company's sections (its read model). */
export interface SectionFacts {
  /** Every section of the company. */
  sectionIds: readonly string[];
  /** The sections the caller may configure: null for a whole-company role, else their section and its descendants. */
  permittedSectionIds: readonly string[] | null;
}

export type ScopeSettingCommand =
  | {
      type: 'SaveScopeSetting';
      /** create: insert, or replace the setting of that id (saving inserts or replaces by id); edit: replace an existing one only. */
      mode: 'create' | 'edit';
      companyId: string;
      expectedVersion?: number;
      sections: SectionFacts;
    } & Omit<ScopeSetting, 'version'>
  | {
      type: 'RemoveScopeSetting';
      companyId: string;
      id: string;
      expectedVersion?: number;
      sections: SectionFacts;
      /** Activity lines recorded with the setting (from the ledger): they name it, so it stays while they do. */
      linesUsing: number;
    };

export type ScopeSettingError =
  | 'unknown_formula'
  | 'formula_not_in_category'
  | 'unknown_section'
  | 'section_not_permitted'
  | 'unknown_detail_field'
  | 'invalid_detail_value'
  | 'scope_setting_not_found'
  | 'scope_setting_in_use'
  | 'version_conflict';

/** A refusal and the field of the setting it is about (`formulaId`, `section`, `detail.<key>`), if any. */
export interface ScopeSettingProblem {
  error: ScopeSettingError;
  field: string | null;
}

const NUMERIC_TYPES: ReadonlySet<string> = new Set(['NUMBER', 'PERCENTAGE', 'CO2_EMISSION']);
const TEXT_TYPES: ReadonlySet<string> = new Set(['STRING', 'SYSTEM']);

/**
 * Whether `value` suits `field`: null is "not given"; a field with options takes one of them;
 * numbers are finite quantities; text fields short text. Structured inputs (a factor choice, a
 * gas or blend, a linked deal) are any value the event contract bounds.
 */
const boundedNumber = (value: JsonValue | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= LIMITS.maxQuantity;

/** A quantity with its unit, as the engine takes it ({ value: 30, unit: 'MWh' }); the engine converts or refuses the unit. */
function isQuantityWithUnit(value: JsonValue): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { value: amount, unit, ...rest } = value as { readonly [key: string]: JsonValue };
  return Object.keys(rest).length === 0 && boundedNumber(amount) && typeof unit === 'string' && unit.length > 0 && [...unit].length <= LIMITS.shortTextLength;
}

export function fitsField(field: FieldDef, value: JsonValue): boolean {
  if (value === null) return true;
  if (field.options) return typeof value === 'string' && field.options.includes(value);
  if (field.type === 'NUMBER' && isQuantityWithUnit(value)) return true;
  if (NUMERIC_TYPES.has(field.type)) return boundedNumber(value);
  if (TEXT_TYPES.has(field.type)) return typeof value === 'string' && [...value].length <= LIMITS.shortTextLength;
  return true;
}

/** The first key of `detail` the formula has no field for, or whose value does not suit its field. */
export function detailProblem(formulaId: string, detail: ScopeSettingDetail): ScopeSettingProblem | null {
  const formula = FORMULA_BY_ID.get(formulaId);
  if (!formula) return { error: 'unknown_formula', field: 'formulaId' };
  for (const [key, value] of Object.entries(detail)) {
    const field = formula.fields.find((f) => f.key === key);
    if (!field) return { error: 'unknown_detail_field', field: `detail.${key}` };
    if (!fitsField(field, value)) return { error: 'invalid_detail_value', field: `detail.${key}` };
  }
  return null;
}

const permits = (sections: SectionFacts, sectionId: string) => sections.permittedSectionIds === null || sections.permittedSectionIds.includes(sectionId);

/** Key order does not make two details differ. */
const canonical = (value: JsonValue): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

/** Why `command` is refused on `state`, naming the field; null when it is accepted. */
export function scopeSettingProblem(c: ScopeSettingCommand, s: ScopeSettingsState): ScopeSettingProblem | null {
  const existing = s.settings.get(c.id);
  if (c.type === 'RemoveScopeSetting' || c.mode === 'edit') {
    if (!existing) return { error: 'scope_setting_not_found', field: 'id' };
  }
  if (existing && c.expectedVersion !== undefined && c.expectedVersion !== existing.version) return { error: 'version_conflict', field: 'expectedVersion' };
  // A section-scoped user touches only the settings of their sections, before and after.
  if (existing && !permits(c.sections, existing.section)) return { error: 'section_not_permitted', field: 'section' };
  if (c.type === 'RemoveScopeSetting') return c.linesUsing > 0 ? { error: 'scope_setting_in_use', field: 'id' } : null;
  const formula = FORMULA_BY_ID.get(c.formulaId);
  if (!formula) return { error: 'unknown_formula', field: 'formulaId' };
  if (formula.scope !== c.scopeCategory) return { error: 'formula_not_in_category', field: 'formulaId' };
  if (!c.sections.sectionIds.includes(c.section)) return { error: 'unknown_section', field: 'section' };
  if (!permits(c.sections, c.section)) return { error: 'section_not_permitted', field: 'section' };
  return detailProblem(c.formulaId, c.detail);
}

export const scopeSettingsDecider: Decider<ScopeSettingCommand, ScopeSettingEvent, ScopeSettingsState, ScopeSettingError> = {
  eventTypes: { ScopeSettingAdded: true, ScopeSettingChanged: true, ScopeSettingRemoved: true },
  initialState: () => ({ settings: new Map() }),
  evolve: (state, event, revision) => {
    const settings = new Map(state.settings);
    if (event.type === 'ScopeSettingRemoved') settings.delete(event.data.id);
    else {
      const { companyId: _companyId, ...setting } = event.data;
      settings.set(event.data.id, { ...setting, version: revision });
    }
    return { settings };
  },
  decide: (c, s) => {
    const problem = scopeSettingProblem(c, s);
    if (problem) return reject(problem.error);
    if (c.type === 'RemoveScopeSetting') return accept({ type: 'ScopeSettingRemoved', data: { id: c.id, companyId: c.companyId } });
    const existing = s.settings.get(c.id);
    const data = {
      id: c.id,
      companyId: c.companyId,
      scopeCategory: c.scopeCategory,
      formulaId: c.formulaId,
      section: c.section,
      detail: c.detail,
      dealId: c.dealId,
    };
    if (!existing) return accept({ type: 'ScopeSettingAdded', data });
    const unchanged =
      existing.scopeCategory === c.scopeCategory &&
      existing.formulaId === c.formulaId &&
      existing.section === c.section &&
      existing.dealId === c.dealId &&
      canonical(existing.detail) === canonical(c.detail);
    return unchanged ? accept() : accept({ type: 'ScopeSettingChanged', data });
  },
};

/** The sections a user of section `sectionId` may act on: it and its descendants (null: every section). */
export function sectionsWithin(sections: readonly { id: string; parentSectionId: string | null }[], sectionId: string | null): string[] | null {
  if (sectionId === null) return null;
  const within = new Set([sectionId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of sections) {
      if (s.parentSectionId !== null && within.has(s.parentSectionId) && !within.has(s.id)) {
        within.add(s.id);
        grew = true;
      }
    }
  }
  return sections.some((s) => s.id === sectionId) ? [...within] : [];
}
