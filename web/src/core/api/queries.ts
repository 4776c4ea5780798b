import { queryOptions } from '@tanstack/react-query';
import { accountRoutes, companyRoutes, companySectionRoutes, fiscalYearRoutes } from '@ghg/api';
import { call } from './call';
import { queryKeys } from './queryKeys';

export const systemOptionsQuery = queryOptions({
  queryKey: queryKeys.systemOptions,
  queryFn: async () => (await call(accountRoutes.systemOptions)).systemOptions,
  staleTime: Infinity,
  retry: 1,
});

export const authUserQuery = queryOptions({
  queryKey: queryKeys.authUser,
  queryFn: async () => (await call(accountRoutes.authUser)).user,
  staleTime: 60_000,
});

export const companiesQuery = queryOptions({
  queryKey: queryKeys.companies,
  queryFn: () => call(companyRoutes.list),
  staleTime: 60_000,
});

export const fiscalYearQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.fiscalYear(companyId),
    queryFn: async () => (await call(fiscalYearRoutes.get)).fiscalYear,
    enabled: Boolean(companyId),
  });

/** The company's sections, now or as they stood at `asOf` (a view's `?asOf=`). */
export const companySectionsQuery = (companyId: string | undefined, asOf: string | null = null) =>
  queryOptions({
    queryKey: [...queryKeys.companySections(companyId), 'all', asOf],
    queryFn: async () => (await call(companySectionRoutes.list, asOfArgs(asOf))).companySections,
    enabled: Boolean(companyId),
  });

/** The sections this user may act on (all of them for whole-company roles), now or as they stood at `asOf`. */
export const authorizedSectionsQuery = (companyId: string | undefined, asOf: string | null = null) =>
  queryOptions({
    queryKey: [...queryKeys.companySections(companyId), 'authorized', asOf],
    queryFn: async () => (await call(companySectionRoutes.authorized, asOfArgs(asOf))).companySections,
    enabled: Boolean(companyId),
  });

/** A list's call as of a moment: its `asOf` query when there is one. */
export const asOfArgs = (asOf: string | null) => (asOf === null ? {} : { query: { asOf } });
