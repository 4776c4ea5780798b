import { useInfiniteQuery } from '@tanstack/react-query';
import { auditLogRoutes } from '@ghg/api';
import { call } from '../../core/api/call';
import { queryKeys } from '../../core/api/queryKeys';

export const AUDIT_PAGE_SIZE = 50;

/**
 * GET /api/auditlog, newest first, page by page (before = the last position seen); of one area
 * when `topic` is given, of one record when `entityId` is, of one command or import when `correlationId` is.
 */
export function useAuditLog(companyId: string, topic: string | null = null, pageSize = AUDIT_PAGE_SIZE, entityId: string | null = null, correlationId: string | null = null) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.auditlog(companyId), topic, pageSize, entityId, correlationId],
    queryFn: ({ pageParam }) =>
      call(auditLogRoutes.list, { query: { limit: pageSize, before: pageParam ?? undefined, topic: topic ?? undefined, entityId: entityId ?? undefined, correlationId: correlationId ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}
