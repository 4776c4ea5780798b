import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Locale, MessageId } from '@ghg/locales';
import { companyFactorSetRoutes, factorLibraryRoutes, FactorListQuery } from '@ghg/api';
import { call, type Answer, type ArgsTuple, type CallArgs } from '../../../core/api/call';
import { useInvalidate } from '../../../core/api/mutations';

/** Live topic of company factor sets; the library lists them too. */
const TOPIC = 'calculation/companyFactorSets';

export type Labels = Record<Locale, string>;

export type Factor = Answer<typeof factorLibraryRoutes.list>['emissionFactors'][number];
export type FactorVersion = Answer<typeof factorLibraryRoutes.history>['versions'][number];
export type FactorSetInfo = Answer<typeof factorLibraryRoutes.sets>['factorSets'][number];
export type CompanyFactorSet = Answer<typeof companyFactorSetRoutes.list>['companyFactorSets'][number];

export interface FactorQuery {
  q: string;
  set: string;
  year: string;
  scope: string;
  origin: string;
  page: number;
  pageSize: number;
  sort: 'set' | 'key' | 'label' | 'year' | 'value' | 'unit';
  order: 'asc' | 'desc';
}

/** One page of the library; the previous page stays on screen while the next one loads. */
export function useFactors(companyId: string, query: FactorQuery, lang: Locale) {
  // The filters' select values, read by the route's own query schema ('' or an unknown one: no filter).
  const { shape } = FactorListQuery;
  const args = {
    ...query,
    lang,
    year: shape.year.safeParse(query.year || undefined).data,
    scope: shape.scope.safeParse(query.scope || undefined).data,
    origin: shape.origin.safeParse(query.origin || undefined).data,
  };
  return useQuery({
    queryKey: [TOPIC, companyId, 'factors', args],
    queryFn: () => call(factorLibraryRoutes.list, { query: args }),
    placeholderData: keepPreviousData,
  });
}

export function useFactorSets(companyId: string) {
  return useQuery({
    queryKey: [TOPIC, companyId, 'sets'],
    queryFn: async () => (await call(factorLibraryRoutes.sets)).factorSets,
  });
}

export function useFactorHistory(companyId: string, factor: Factor | null) {
  return useQuery({
    queryKey: [TOPIC, companyId, 'history', factor?.setId, factor?.key],
    queryFn: async () => (await call(factorLibraryRoutes.history, { params: { setId: factor!.setId, key: factor!.key } })).versions,
    enabled: factor !== null,
  });
}

export function useCompanyFactorSets(companyId: string) {
  return useQuery({
    queryKey: [TOPIC, companyId, 'company'],
    queryFn: async () => (await call(companyFactorSetRoutes.list)).companyFactorSets,
  });
}

export function useCreateFactorSet() {
  const invalidate = useInvalidate(TOPIC, 'calculation/basis');
  return useMutation({
    mutationFn: async (body: CallArgs<typeof companyFactorSetRoutes.create>['body']) => call(companyFactorSetRoutes.create, { body }),
    onSuccess: invalidate,
  });
}

export type UploadResult = Answer<typeof companyFactorSetRoutes.upload>;

export function useUploadFactors() {
  const invalidate = useInvalidate(TOPIC, 'calculation/basis');
  return useMutation({
    mutationFn: async ({ setId, ...body }: CallArgs<typeof companyFactorSetRoutes.upload>['body'] & { setId: string }) =>
      call(companyFactorSetRoutes.upload, { params: { id: setId }, body }),
    onSuccess: invalidate,
  });
}

/** The routes that answer a CSV file. */
type CsvRoute = typeof companyFactorSetRoutes.template | typeof companyFactorSetRoutes.download;

/** Fetches a CSV with the bearer token (JSON form of the download) and hands it to the browser as a file. */
export async function downloadCsv<C extends CsvRoute>(route: C, ...args: ArgsTuple<C>): Promise<void> {
  const file = await call(route, ...args);
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mediaType }));
  const a = Object.assign(document.createElement('a'), { href: url, download: file.fileName });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** Codes of a refused upload (whole file or per row), translated. */
export const uploadCodes: Record<string, MessageId> = {
  missing_value: 'factorLibrary.upload.code.missing_value',
  invalid_key: 'factorLibrary.upload.code.invalid_key',
  invalid_number: 'factorLibrary.upload.code.invalid_number',
  negative_value: 'factorLibrary.upload.code.negative_value',
  invalid_unit: 'factorLibrary.upload.code.invalid_unit',
  invalid_stage: 'factorLibrary.upload.code.invalid_stage',
  invalid_date: 'factorLibrary.upload.code.invalid_date',
  invalid_period: 'factorLibrary.upload.code.invalid_period',
  invalid_category: 'factorLibrary.upload.code.invalid_category',
  too_long: 'factorLibrary.upload.code.too_long',
  too_large: 'factorLibrary.upload.code.too_large',
  invalid_text: 'factorLibrary.upload.code.invalid_text',
  duplicate_key: 'factorLibrary.upload.code.duplicate_key',
  missing_column: 'factorLibrary.upload.code.missing_column',
  unknown_column: 'factorLibrary.upload.code.unknown_column',
  duplicate_column: 'factorLibrary.upload.code.duplicate_column',
  empty_table: 'factorLibrary.upload.code.empty_table',
  too_many_rows: 'factorLibrary.upload.code.too_many_rows',
  too_many_columns: 'factorLibrary.upload.code.too_many_columns',
  empty_file: 'factorLibrary.upload.code.empty_file',
  unsupported_file_type: 'factorLibrary.upload.code.unsupported_file_type',
  invalid_encoding: 'factorLibrary.upload.code.invalid_encoding',
  invalid_csv: 'factorLibrary.upload.code.invalid_csv',
  invalid_xlsx: 'factorLibrary.upload.code.invalid_xlsx',
};

/** Refusals of the set calls (not per row). */
export const factorSetCodes: Record<string, MessageId> = {
  invalid_factor_table: 'factorLibrary.upload.refused',
  invalid_file: 'factorLibrary.upload.unreadable',
  // Upload caps (command-api/src/calculation/upload/limits.ts): the whole file is refused.
  invalid_base64: 'factorLibrary.upload.limit.invalid_base64',
  file_too_large: 'factorLibrary.upload.limit.file_too_large',
  file_uncompressed_too_large: 'factorLibrary.upload.limit.file_uncompressed_too_large',
  file_too_complex: 'factorLibrary.upload.limit.file_too_complex',
  uploads_busy: 'factorLibrary.upload.limit.uploads_busy',
  invalid_set_id: 'factorLibrary.sets.error.setId',
  factor_set_exists: 'factorLibrary.sets.error.exists',
  invalid_title: 'factorLibrary.sets.error.title',
  factor_set_not_found: 'factorLibrary.sets.error.notFound',
};

export const labelIn = (labels: Labels | string, lang: Locale) => (typeof labels === 'string' ? labels : labels[lang] || labels.ja || labels.en);
