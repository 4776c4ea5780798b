import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../core/api/client';
import { queryKeys } from '../../core/api/queryKeys';
import type { AuditPage } from '../../core/api/types';

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/auditlog, newest first, page by page (before = the last position seen). */
export function useAuditLog(companyId: string, pageSize = AUDIT_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.auditlog(companyId), pageSize],
    queryFn: ({ pageParam }) => api.get<AuditPage>('/api/auditlog', { query: { limit: pageSize, before: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}
