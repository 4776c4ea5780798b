import { can, type Action } from '@ghg/domain';
import type { AuthUser } from '../api/types';
import { useUser } from './SessionProvider';

export type { Action };

/**
 * What the logged-in user may do, from the same permission matrix the servers enforce
 * (domain/src/core/permissions.ts), so a screen never offers a change the server would refuse.
 * The servers still check every call; this only decides what the UI enables.
 */
export function userCan(user: AuthUser, action: Action): boolean {
  return can({ role: user.role, sectionId: user.sectionId ?? null, allCompanies: user.allCompanies ?? false }, action);
}

export function useCan(action: Action): boolean {
  return userCan(useUser(), action);
}
