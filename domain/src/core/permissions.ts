import type { Role } from '@ghg/events';

/**
 * The permission matrix: which roles may perform which action in a company they belong to.
 * Enforced by command-api and query-api on every call, never only in the UI.
 * (Section-scoped rules arrive with the company-section features.)
 */
export const permissionMatrix = {
  'settings.read': ['admin', 'editor', 'viewer'],
  'settings.write': ['admin', 'editor'],
  'auditlog.read': ['admin', 'editor', 'viewer'],
  'account.self': ['admin', 'editor', 'viewer'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof permissionMatrix;

export function can(role: Role, action: Action): boolean {
  return (permissionMatrix[action] as readonly Role[]).includes(role);
}
