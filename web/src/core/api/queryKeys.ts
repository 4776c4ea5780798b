/**
 * Query keys, one prefix per read model. Company-scoped data carries the company id, so switching
 * company never shows another company's cached data; a live notice invalidates by prefix.
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

/** Which cached queries a live notice's topic makes stale (WebSocket /api/live). */
const byTopic: Record<string, readonly (readonly string[])[]> = {
  'settings/fiscalYear': [['fiscalYear'], ['auditlog']],
  'settings/currency': [['currency'], ['auditlog']],
  auditlog: [['auditlog']],
  'organization/companies': [['companies'], ['auditlog']],
  'organization/companySections': [['companySections'], ['auditlog']],
  'account/user': [['authUser'], ['companies']],
};

export function queryKeysForTopic(topic: string): readonly (readonly string[])[] {
  // A topic this build does not know yet: its name is its queries' key by convention, and every
  // change of company data is also a new audit-log entry.
  return byTopic[topic] ?? [[topic], ['auditlog']];
}
