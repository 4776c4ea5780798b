import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';
import type { AuthUser, CompaniesResponse, CompanySection, FiscalYearSetting, SystemOptions } from './types';

export const systemOptionsQuery = queryOptions({
  queryKey: queryKeys.systemOptions,
  queryFn: async () => (await api.get<{ systemOptions: SystemOptions }>('/api/system-options')).systemOptions,
  staleTime: Infinity,
  retry: 1,
});

export const authUserQuery = queryOptions({
  queryKey: queryKeys.authUser,
  queryFn: async () => (await api.get<{ user: AuthUser }>('/api/auth-user')).user,
  staleTime: 60_000,
});

export const companiesQuery = queryOptions({
  queryKey: queryKeys.companies,
  queryFn: () => api.get<CompaniesResponse>('/api/companies'),
  staleTime: 60_000,
});

export const fiscalYearQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.fiscalYear(companyId),
    queryFn: async () => (await api.get<{ fiscalYear: FiscalYearSetting }>('/api/fiscal-year')).fiscalYear,
    enabled: Boolean(companyId),
  });

export const companySectionsQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.companySections(companyId),
    queryFn: async () => (await api.get<{ companySections: CompanySection[] }>('/api/company-section')).companySections,
    enabled: Boolean(companyId),
  });

/** The sections this user may act on (all of them for whole-company roles). */
export const authorizedSectionsQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.companySections(companyId), 'authorized'],
    queryFn: async () => (await api.get<{ companySections: CompanySection[] }>('/api/authorized-company-section')).companySections,
    enabled: Boolean(companyId),
  });
