import { useMutation, useQuery } from '@tanstack/react-query';
import type { Locale, MessageId } from '@ghg/locales';
import { api } from '../../../core/api/client';
import { useInvalidate } from '../../../core/api/mutations';
import type { AuthUser } from '../../../core/api/types';

export type Role = AuthUser['role'];
export const ROLES: readonly Role[] = ['admin', 'editor', 'viewer'];

export interface ManagedUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** null: the whole company; otherwise this section and the ones below it. */
  sectionId: string | null;
  /** Only the companies the caller holds too: another company's ids are not shown to them. */
  companyIds: string[];
  allCompanies: boolean;
  active: boolean;
  language: Locale;
  version: number;
  /** Whether the caller may change or deactivate this user (the server's rule, docs/permissions.md). */
  manageable: boolean;
}

export interface Access {
  role: Role;
  sectionId: string | null;
  companyIds: string[];
  /** Kept as it was when only the role or scope changes: group-wide access is never dropped unasked. */
  allCompanies?: boolean;
}

/** Users of the selected company (administrators only). */
export function useUsers(companyId: string) {
  return useQuery({
    queryKey: ['users', companyId],
    queryFn: async () => (await api.get<{ users: ManagedUser[] }>('/api/users')).users,
  });
}

export function useInviteUser() {
  const invalidate = useInvalidate('users');
  return useMutation({
    // The invitation link (a password reset) goes to the mail outbox (docs/operations.md).
    mutationFn: async (args: Access & { email: string; name: string; language: Locale }) =>
      (await api.post<{ user: ManagedUser }>('/api/users', args)).user,
    onSuccess: invalidate,
  });
}

export function useChangeAccess() {
  const invalidate = useInvalidate('users');
  return useMutation({
    mutationFn: async ({ id, ...access }: Access & { id: string }) => (await api.put<{ user: ManagedUser }>(`/api/users/${encodeURIComponent(id)}/access`, access)).user,
    onSuccess: invalidate,
  });
}

export function useSetActive() {
  const invalidate = useInvalidate('users');
  return useMutation({
    mutationFn: async ({ user, active }: { user: ManagedUser; active: boolean }) =>
      (await api.post<{ user: ManagedUser }>(`/api/users/${encodeURIComponent(user.id)}/${active ? 'reactivate' : 'deactivate'}`)).user,
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
