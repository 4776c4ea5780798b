import { z } from 'zod';
import { boundedJsonObject, boundedList, idText, scopeSettingCategories } from '@ghg/events';
import type { scopeSettingsDecider } from '@ghg/domain';
import { expectedVersionArg, IdParam, optionalId, RemoveArgs } from '../core/args';
import { defineRoute, errorTable, noErrors, type DeciderError } from '../core/contract';

const errors = errorTable<DeciderError<typeof scopeSettingsDecider>>()({
  unknown_formula: 400,
  formula_not_in_category: 400,
  unknown_section: 400,
  section_not_permitted: 403,
  unknown_detail_field: 400,
  invalid_detail_value: 400,
  scope_setting_not_found: 404,
  scope_setting_in_use: 409,
});

/** These routes word a missing argument with a capital I (every other route: 'invalid args'). */
const messages = { invalid_args: 'Invalid args' } as const;

/** Most settings one save takes (all or nothing). */
export const MAX_SCOPE_SETTINGS_PER_SAVE = 1000;

/** JSON text is parsed (a client may send the detail as text); text that is not JSON stays text and is refused. */
const parsedIfText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/** The formula's inputs: an object, or JSON text of one; absent or null is none ({}). */
export const detailArg = z.preprocess((v) => (v === undefined || v === null ? {} : parsedIfText(v)), boundedJsonObject()).meta({
  description: "The formula's inputs by field key (GET /api/formulas lists each formula's fields): an object, or JSON text of one.",
});

const settingFields = {
  scopeCategory: z.enum(scopeSettingCategories),
  formulaId: idText(),
  /** A company-section id, as text. */
  section: idText(),
  detail: detailArg,
  /** null and '' mean none. */
  dealId: optionalId.transform((v) => v ?? null),
  expectedVersion: expectedVersionArg,
};

/** Ids appear once in one save: two rows for one setting would contradict each other. */
const distinctIdsOf = <T extends { id?: string | undefined }>(rows: readonly T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (row.id === undefined) return;
    if (seen.has(row.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'duplicate_id' });
    seen.add(row.id);
  });
};

const CreateArgs = z.object({ id: optionalId, ...settingFields });
const EditArgs = z.object({ id: idText(), ...settingFields });

/** A setting as saved (and, in the list, its section's names joined: null when the section is gone). */
const ScopeSetting = z.strictObject({
  id: z.string(),
  scopeCategory: z.enum(scopeSettingCategories),
  formulaId: z.string(),
  section: z.string(),
  detail: z.record(z.string(), z.unknown()),
  dealId: z.string().nullable(),
  version: z.number(),
  /** When the setting was last saved (ISO instant). */
  updatedAt: z.string(),
});
const ListedScopeSetting = ScopeSetting.extend({ sectionName: z.string().nullable(), sectionDisplayName: z.string().nullable() });

/** A save of many settings (create or edit: they differ in whether a row's id is required). */
const saveRoute = <const U extends string>(url: U, item: typeof CreateArgs | typeof EditArgs, summary: string) =>
  defineRoute({
    method: 'POST',
    url,
    permission: 'activity.write',
    summary,
    body: z.object({ scopeSettings: boundedList(item, MAX_SCOPE_SETTINGS_PER_SAVE).min(1).superRefine(distinctIdsOf) }),
    response: z.strictObject({ scopeSettings: z.array(ScopeSetting) }),
    errors,
    messages,
  });

/** Scope settings: how each kind of activity is calculated (docs/api.md, "Scope settings"). */
export const scopeSettingRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/scope-setting',
    permission: 'company.read',
    summary: "The selected company's scope settings, of one category (scopeId) or all",
    query: z.object({ scopeId: z.enum(scopeSettingCategories).optional() }),
    response: z.strictObject({ scopeSettings: z.array(ListedScopeSetting) }),
    errors: noErrors,
  }),
  lastUpdated: defineRoute({
    method: 'GET',
    // The product's URL, trailing slash included (the app does not ignore trailing slashes).
    url: '/api/scope-setting-last-updated/',
    permission: 'company.read',
    summary: "When the selected company's settings of a category (or of any) were last saved",
    query: z.object({ scopeCategory: z.enum(scopeSettingCategories).optional() }),
    response: z.strictObject({
      _max: z.strictObject({ updatedAt: z.string().nullable(), scopeCategory: z.enum(scopeSettingCategories).nullable() }),
    }),
    errors: noErrors,
  }),
  create: saveRoute('/api/create-scope-settings', CreateArgs, 'Save new scope settings (an id that exists is replaced); all or nothing'),
  edit: saveRoute('/api/edit-scope-settings', EditArgs, 'Replace existing scope settings by id; all or nothing'),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/scope-setting/:id',
    permission: 'activity.write',
    summary: 'Delete a scope setting; answers it as it was',
    params: IdParam,
    body: RemoveArgs,
    response: z.strictObject({ scopeSetting: ScopeSetting.nullable() }),
    errors,
  }),
};
