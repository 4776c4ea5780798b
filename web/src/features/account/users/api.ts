import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { userRoutes } from '@ghg/api';
import { roles } from '@ghg/events';
import { call, type Answer, type CallArgs } from '../../../core/api/call';
import { useInvalidate } from '../../../core/api/mutations';
import type { AuthUser } from '../../../core/api/types';

export type Role = AuthUser['role'];
export const ROLES: readonly Role[] = roles;

export type ManagedUser = Answer<typeof userRoutes.list>['users'][number];

/** Role, companies and section; allCompanies is kept as it was when only the role or scope changes (group-wide access is never dropped unasked). */
export type Access = CallArgs<typeof userRoutes.changeAccess>['body'];

/** Users of the selected company (administrators only). */
export function useUsers(companyId: string) {
  return useQuery({
    queryKey: ['users', companyId],
    queryFn: async () => (await call(userRoutes.list)).users,
  });
}

export function useInviteUser() {
  const invalidate = useInvalidate('users');
  return useMutation({
    // The invitation link (a password reset) goes to the mail outbox (docs/operations.md).
    mutationFn: async (body: CallArgs<typeof userRoutes.invite>['body']) => (await call(userRoutes.invite, { body })).user,
    onSuccess: invalidate,
  });
}

export function useChangeAccess() {
  const invalidate = useInvalidate('users');
  return useMutation({
    mutationFn: async ({ id, ...body }: Access & { id: string }) => (await call(userRoutes.changeAccess, { params: { id }, body })).user,
    onSuccess: invalidate,
  });
}

export function useSetActive() {
  const invalidate = useInvalidate('users');
  return useMutation({
    mutationFn: async ({ user, active }: { user: ManagedUser; active: boolean }) =>
      (await call(active ? userRoutes.reactivate : userRoutes.deactivate, { params: { id: user.id } })).user,
    onSettled: invalidate,
  });
}

export const userCodes: Record<string, MessageId> = {
  user_exists: 'users.error.exists',
  invalid_email: 'validation.email',
  invalid_name: 'users.error.name',
  user_not_found: 'users.error.notFound',
  cannot_change_own_access: 'users.error.ownAccess',
  company_not_allowed: 'users.error.companyNotAllowed',
  section_not_found: 'users.error.sectionNotFound',
  unknown_section: 'users.error.sectionNotFound',
  unknown_company: 'users.error.unknownCompany',
  user_not_manageable: 'users.error.notManageable',
  last_group_admin: 'users.error.lastGroupAdmin',
};

export const roleLabel: Record<Role, MessageId> = { admin: 'role.admin', editor: 'role.editor', viewer: 'role.viewer' };
export const roleHint: Record<Role, MessageId> = { admin: 'users.roleHint.admin', editor: 'users.roleHint.editor', viewer: 'users.roleHint.viewer' };
