import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { activityLineRoutes, calculateRoutes } from '@ghg/api';
import { call, type Answer, type CallArgs } from '../../core/api/call';
import { useInvalidate } from '../../core/api/mutations';
import type { CategoryKey } from '../../core/router/categories';

/** Query-key prefix = the live topic, so another user's line appears without a reload. */
const TOPIC = 'activity/lines';

export type LedgerLine = Answer<typeof activityLineRoutes.tableData>['lines'][number];
export type RecordBody = CallArgs<typeof activityLineRoutes.record>['body'];
export type Scope2Basis = 'location' | 'market';
export type InputCategory = Exclude<CategoryKey, '3'>;
export type Preview = Answer<typeof calculateRoutes.calculate>;
export type PreviewBody = CallArgs<typeof calculateRoutes.calculate>['body'];

/** Which lines a table shows: the company's, of one fiscal year and category, of a section (and its descendants) or all. */
export interface LineScope {
  companyId: string;
  fiscalYear: number;
  category: InputCategory;
  basis: Scope2Basis;
  sectionId: string | null;
  /** As they stood at this moment (a view's `?asOf=`); absent or null: now. */
  asOf?: string | null;
}

const linesQuery = ({ companyId, fiscalYear, category, basis, sectionId, asOf = null }: LineScope) => ({
  queryKey: [TOPIC, companyId, fiscalYear, category, category === '2' ? basis : null, sectionId, asOf],
  /** The lines, and for scope 2 how many have no figure on the basis. */
  queryFn: () =>
    call(activityLineRoutes.tableData, {
      body: { fiscalYear, scopeId: category, scope2EmissionIntensityType: category === '2' ? basis : undefined, sectionId: sectionId ?? undefined, ...(asOf === null ? {} : { asOf }) },
    }),
});

export function useLines(scope: LineScope) {
  return useQuery(linesQuery(scope));
}

/** The lines of several categories at once (the overview's counts and totals). */
export function useLinesOf(scopes: readonly LineScope[]) {
  return useQueries({ queries: scopes.map(linesQuery) });
}

export function useRecordLine() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (body: RecordBody) => (await call(activityLineRoutes.record, { body })).line,
    onSuccess: invalidate,
  });
}

export function useDeleteLine() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (line: LedgerLine) =>
      (await call(activityLineRoutes.remove, { body: { deal: { id: line.dealId }, scopeSetting: { id: line.scopeSettingId }, expectedVersion: line.version } })).line,
    onSettled: invalidate,
  });
}

/** The preview calculation of one line as it is typed (nothing stored); null asks nothing. */
export function usePreview(body: PreviewBody | null) {
  return useQuery({
    queryKey: ['activity/preview', body],
    queryFn: ({ signal }) => call(calculateRoutes.calculate, { body: body!, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

/** The server's refusals of a line (and the preview's line errors), translated. */
export const lineCodes: Record<string, MessageId> = {
  scope_setting_not_found: 'activityInput.error.scopeSettingNotFound',
  activity_line_not_found: 'activityInput.error.lineNotFound',
  section_not_permitted: 'activityInput.error.sectionNotPermitted',
  unknown_detail_field: 'activityInput.error.unknownDetailField',
  invalid_detail_value: 'activityInput.error.invalidDetailValue',
  calculation_basis_not_set: 'activityInput.error.basisNotSet',
  factor_outside_validity: 'activityInput.error.factorOutsideValidity',
  result_out_of_range: 'activityInput.error.resultOutOfRange',
  missing_input: 'activityInput.error.missingInput',
  invalid_input: 'activityInput.error.invalidInput',
  invalid_number: 'activityInput.error.invalidNumber',
  invalid_option: 'activityInput.error.invalidOption',
  unknown_unit: 'activityInput.error.unknownUnit',
  ambiguous_unit: 'activityInput.error.ambiguousUnit',
  unit_mismatch: 'activityInput.error.unitMismatch',
  invalid_factor_unit: 'activityInput.error.invalidFactorUnit',
  factor_not_found: 'activityInput.error.factorNotFound',
  factor_set_not_pinned: 'activityInput.error.factorSetNotPinned',
  factor_kind_mismatch: 'activityInput.error.factorKindMismatch',
  gwp_not_found: 'activityInput.error.gwpNotFound',
  percentage_out_of_range: 'activityInput.error.percentageOutOfRange',
  out_of_domain: 'activityInput.error.outOfDomain',
};

/** Which form field a refusal is about when the server names none. */
export const lineCodeFields: Record<string, string> = {
  calculation_basis_not_set: 'deal.occurrenceDate',
  scope_setting_not_found: 'scopeSettingId',
};
