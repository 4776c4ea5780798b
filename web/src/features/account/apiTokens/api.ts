import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { apiTokenRoutes } from '@ghg/api';
import { call, type Answer, type CallArgs } from '../../../core/api/call';
import { useInvalidate } from '../../../core/api/mutations';

export type ApiToken = Answer<typeof apiTokenRoutes.list>['tokens'][number];
export type NewApiToken = Answer<typeof apiTokenRoutes.create>;

/** The selected company's API tokens (administrators only). */
export function useApiTokens(companyId: string) {
  return useQuery({
    queryKey: ['apiTokens', companyId],
    queryFn: async () => (await call(apiTokenRoutes.list)).tokens,
  });
}

export function useCreateApiToken() {
  const invalidate = useInvalidate('apiTokens');
  return useMutation({
    mutationFn: async (body: CallArgs<typeof apiTokenRoutes.create>['body']) => call(apiTokenRoutes.create, { body }),
    onSuccess: invalidate,
  });
}

export function useRevokeApiToken() {
  const invalidate = useInvalidate('apiTokens');
  return useMutation({
    mutationFn: async (token: ApiToken) => (await call(apiTokenRoutes.revoke, { params: { id: token.id } })).token,
    onSettled: invalidate,
  });
}

export const apiTokenCodes: Record<string, MessageId> = {
  token_not_found: 'apiTokens.error.notFound',
  company_not_allowed: 'apiTokens.error.companyNotAllowed',
  expiry_in_past: 'apiTokens.error.expiryInPast',
};

export const statusLabel: Record<ApiToken['status'], MessageId> = {
  active: 'apiTokens.status.active',
  expired: 'apiTokens.status.expired',
  revoked: 'apiTokens.status.revoked',
};
