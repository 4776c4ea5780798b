import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Locale, MessageId } from '@ghg/locales';
import { api } from '../../../core/api/client';
import { useInvalidate } from '../../../core/api/mutations';

/** Live topic of company factor sets; the library lists them too. */
const TOPIC = 'calculation/companyFactorSets';

export type Labels = Record<Locale, string>;

export interface Factor {
  ref: string;
  setId: string;
  version: string;
  key: string;
  kind: 'emission' | 'quantity' | 'coefficients';
  label: Labels;
  values: { value: number; unit: string; stage?: string }[];
  unit: string;
  confirmed: boolean;
  note?: string | null;
  validFrom: string | null;
  validTo: string | null;
  origin: 'shipped' | 'company';
  year: number | null;
  source: { title: Labels | string; publisher?: string; citation?: string; licence?: string };
  licenceNote?: string | null;
  categories: string[];
}

export interface FactorVersion extends Factor {
  fromVersion: string;
  toVersion: string | null;
  publishedAt: string | null;
  removed: boolean;
}

export interface FactorSetInfo {
  setId: string;
  version: string;
  origin: 'shipped' | 'company';
  year: number | null;
  validFrom: string | null;
  validTo: string | null;
  entryCount: number;
  title: Labels | string;
  publisher?: string;
  citation?: string;
  licence?: string;
}

export interface CompanyFactorSet {
  id: string;
  setId: string;
  title: Labels | string;
  version: number;
  entryCount: number;
  versions: { version: number; change: string; mode?: string | null; fileName?: string | null; format?: string | null; entryCount: number; publishedAt: string }[];
}

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
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize), sort: query.sort, order: query.order, lang });
  for (const key of ['q', 'set', 'year', 'scope', 'origin'] as const) if (query[key]) params.set(key, query[key]);
  return useQuery({
    queryKey: [TOPIC, companyId, 'factors', params.toString()],
    queryFn: () => api.get<{ emissionFactors: Factor[]; total: number; page: number; pageSize: number }>(`/api/emission-factors?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useFactorSets(companyId: string) {
  return useQuery({
    queryKey: [TOPIC, companyId, 'sets'],
    queryFn: async () => (await api.get<{ factorSets: FactorSetInfo[] }>('/api/emission-factor-sets')).factorSets,
  });
}

export function useFactorHistory(companyId: string, factor: Factor | null) {
  return useQuery({
    queryKey: [TOPIC, companyId, 'history', factor?.setId, factor?.key],
    queryFn: async () => (await api.get<{ versions: FactorVersion[] }>(`/api/emission-factors/${encodeURIComponent(factor!.setId)}/${encodeURIComponent(factor!.key)}/history`)).versions,
    enabled: factor !== null,
  });
}

export function useCompanyFactorSets(companyId: string) {
  return useQuery({
    queryKey: [TOPIC, companyId, 'company'],
    queryFn: async () => (await api.get<{ companyFactorSets: CompanyFactorSet[] }>('/api/company-factor-sets')).companyFactorSets,
  });
}

export function useCreateFactorSet() {
  const invalidate = useInvalidate(TOPIC, 'calculation/basis');
  return useMutation({
    mutationFn: async (args: { setId: string; title: string; publisher?: string; licence?: string }) => api.post('/api/company-factor-sets', args),
    onSuccess: invalidate,
  });
}

export interface UploadResult {
  format: string;
  rows: number;
  changed: boolean;
  companyFactorSet: CompanyFactorSet;
}

export function useUploadFactors() {
  const invalidate = useInvalidate(TOPIC, 'calculation/basis');
  return useMutation({
    mutationFn: async (args: { setId: string; fileName: string; contentBase64: string; mode: 'merge' | 'replace'; expectedVersion: number }) => {
      const { setId, ...body } = args;
      return api.post<UploadResult>(`/api/company-factor-sets/${encodeURIComponent(setId)}/upload`, body);
    },
    onSuccess: invalidate,
  });
}

/** Fetches a CSV with the bearer token (JSON form of the download) and hands it to the browser as a file. */
export async function downloadCsv(path: string): Promise<void> {
  const file = await api.get<{ fileName: string; mediaType: string; content: string }>(path);
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
