import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import type { Locale, MessageId } from '@ghg/locales';
import { catalogueRoutes, factorLibraryRoutes, scopeSettingRoutes } from '@ghg/api';
import { call, savedRecord, type Answer, type CallArgs } from '../../../core/api/call';
import { useInvalidate } from '../../../core/api/mutations';

/** Query-key prefix = the live topic. */
const TOPIC = 'settings/scopeSetting';

export type ScopeSetting = Answer<typeof scopeSettingRoutes.list>['scopeSettings'][number];
export type ScopeCategory = ScopeSetting['scopeCategory'];
/** A setting as a save answers it (without the section's names). */
export type SavedScopeSetting = Answer<typeof scopeSettingRoutes.create>['scopeSettings'][number];
export type Formula = Answer<typeof catalogueRoutes.formulas>['formulas'][number];
export type FormulaField = Formula['fields'][number];
export type GwpCatalogue = Answer<typeof catalogueRoutes.gwpSets>;
export type LibraryFactor = Answer<typeof factorLibraryRoutes.list>['emissionFactors'][number];
export type SettingRow = CallArgs<typeof scopeSettingRoutes.create>['body']['scopeSettings'][number];

/** The server's refusals of a scope setting, translated. */
export const scopeSettingCodes: Record<string, MessageId> = {
  unknown_formula: 'scopeSetting.error.unknownFormula',
  formula_not_in_category: 'scopeSetting.error.formulaNotInCategory',
  unknown_section: 'scopeSetting.error.unknownSection',
  section_not_permitted: 'scopeSetting.error.sectionNotPermitted',
  unknown_detail_field: 'scopeSetting.error.unknownDetailField',
  invalid_detail_value: 'scopeSetting.error.invalidDetailValue',
  scope_setting_not_found: 'scopeSetting.error.notFound',
  scope_setting_in_use: 'scopeSetting.error.inUse',
};

/** Which form field a refusal is about when the server names none. */
export const scopeSettingCodeFields: Record<string, string> = {
  unknown_formula: 'formulaId',
  formula_not_in_category: 'formulaId',
  unknown_section: 'section',
  section_not_permitted: 'section',
};

/** Every setting of the selected company (the screen groups them by category). */
export function useScopeSettings(companyId: string) {
  return useQuery({
    queryKey: [TOPIC, companyId],
    queryFn: async () => (await call(scopeSettingRoutes.list)).scopeSettings,
  });
}

/** When each of `categories` was last saved; the latest of them (null: never). */
export function useLastUpdated(companyId: string, categories: readonly ScopeCategory[]) {
  const results = useQueries({
    queries: categories.map((scopeCategory) => ({
      queryKey: [TOPIC, companyId, 'lastUpdated', scopeCategory],
      queryFn: async () => (await call(scopeSettingRoutes.lastUpdated, { query: { scopeCategory } }))._max.updatedAt,
    })),
  });
  const pending = results.some((r) => r.isPending);
  const latest = results.reduce<string | null>((max, r) => (r.data && (max === null || r.data > max) ? r.data : max), null);
  return { pending, latest };
}

/** The formula catalogue: the same for every company, fetched once. */
export function useFormulas() {
  return useQuery({
    queryKey: ['catalogue', 'formulas'],
    queryFn: async () => (await call(catalogueRoutes.formulas)).formulas,
    staleTime: Infinity,
  });
}

/** GWP sets and blends: the gases and blends a GWP field may name. */
export function useGwpCatalogue(enabled: boolean) {
  return useQuery({
    queryKey: ['catalogue', 'gwp'],
    queryFn: () => call(catalogueRoutes.gwpSets),
    staleTime: Infinity,
    enabled,
  });
}

/** Emission factors meant for `category` matching `q` (the library's first page of them). */
export function useFactorChoices(companyId: string, category: string, q: string, lang: Locale) {
  return useQuery({
    queryKey: ['calculation/companyFactorSets', companyId, 'choices', category, q, lang],
    queryFn: async () =>
      (await call(factorLibraryRoutes.list, { query: { category, q: q.trim() || undefined, lang, page: 1, pageSize: 100, sort: 'set', order: 'asc' } })).emissionFactors.filter(
        (f) => f.kind === 'emission',
      ),
    enabled: category !== '',
  });
}

/** Saves one setting: a new one (or a copy) without `id`, a changed one with its id and version. */
export function useSaveScopeSetting() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async ({ row, edit }: { row: SettingRow; edit: { id: string; expectedVersion: number } | null }) => {
      const answer = edit
        ? await call(scopeSettingRoutes.edit, { body: { scopeSettings: [{ ...row, ...edit }] } })
        : await call(scopeSettingRoutes.create, { body: { scopeSettings: [row] } });
      return savedRecord(answer.scopeSettings[0], edit ? scopeSettingRoutes.edit : scopeSettingRoutes.create);
    },
    onSuccess: invalidate,
  });
}

export function useDeleteScopeSetting() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (setting: ScopeSetting) =>
      (await call(scopeSettingRoutes.remove, { params: { id: setting.id }, body: { expectedVersion: setting.version } })).scopeSetting,
    onSettled: invalidate,
  });
}
