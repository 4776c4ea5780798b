/**
 * Query keys, one prefix per read model. Company-scoped data carries the company id, so switching
 * company never shows another company's cached data; a live notice invalidates by prefix (which
 * prefixes each topic makes stale: the features' manifests, core/live/topics.ts).
 */
export const queryKeys = {
  systemOptions: ['systemOptions'] as const,
  authUser: ['authUser'] as const,
  companies: ['companies'] as const,
  companySections: (companyId: string | undefined) => ['companySections', companyId] as const,
  fiscalYear: (companyId: string | undefined) => ['fiscalYear', companyId] as const,
  currency: (companyId: string | undefined, fiscalYear: number | 'all') => ['currency', companyId, fiscalYear] as const,
  auditlog: (companyId: string | undefined) => ['auditlog', companyId] as const,
};
