import { accept, reject, type Decider } from '../core/decider';
import type { Action } from '../core/permissions';
import type { ApiTokenEvent, Role } from '@ghg/events';
import { mayManageUser, type AccessScope, type Manager } from './userManagement';

/**
 * Personal API tokens (issue 16 §6, docs/api.md "API clients"). A token acts on behalf of the
 * administrator who created it, with one role in one company; it never reaches further than
 * that administrator does now (see `tokenAccessHolds`).
 */
export const apiTokenStreamId = (tokenId: string) => `apiToken-${tokenId}`;

/** What a token looks like: `ghg_<token id>_<secret>`; the secret is 43 base64url characters (32 bytes). */
export const API_TOKEN_PREFIX = 'ghg_';
const TOKEN_PATTERN = /^ghg_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export const apiTokenText = (tokenId: string, secret: string) => `${API_TOKEN_PREFIX}${tokenId}_${secret}`;

/** The token id and secret of a presented token, or null when it is not shaped like one. */
export function parseApiToken(text: string): { tokenId: string; secret: string } | null {
  const match = TOKEN_PATTERN.exec(text);
  return match ? { tokenId: match[1]!, secret: match[2]! } : null;
}

/** What a token may do: everything its role may, except manage people, tokens, the group or an account. */
const NOT_THROUGH_TOKENS: ReadonlySet<Action> = new Set<Action>(['users.manage', 'group.manage', 'account.self']);
export const tokenMay = (action: Action): boolean => !NOT_THROUGH_TOKENS.has(action);

export interface ApiTokenState {
  exists: boolean;
  tenantId: string | null;
  companyId: string | null;
  name: string;
  role: Role | null;
  createdBy: string | null;
  secretSha256: string | null;
  expiresOn: string | null;
  revoked: boolean;
}

export type ApiTokenCommand =
  | {
      type: 'CreateApiToken';
      tokenId: string;
      tenantId: string;
      companyId: string;
      name: string;
      role: Role;
      secretSha256: string;
      expiresOn: string | null;
      manager: Manager;
      /** Today (UTC, YYYY-MM-DD): an expiry before it is refused. */
      today: string;
    }
  | { type: 'RevokeApiToken'; tokenId: string; manager: Manager };

export type ApiTokenError = 'token_exists' | 'token_not_found' | 'company_not_allowed' | 'expiry_in_past';

/** The access a token carries, as user management compares accesses. */
export const tokenScope = (companyId: string, role: Role): AccessScope => ({ role, companyIds: [companyId], allCompanies: false, sectionId: null });

export const apiTokenDecider: Decider<ApiTokenCommand, ApiTokenEvent, ApiTokenState, ApiTokenError> = {
  eventTypes: { ApiTokenCreated: true, ApiTokenRevoked: true },
  initialState: () => ({ exists: false, tenantId: null, companyId: null, name: '', role: null, createdBy: null, secretSha256: null, expiresOn: null, revoked: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ApiTokenCreated': {
        const d = event.data;
        return { exists: true, tenantId: d.tenantId, companyId: d.companyId, name: d.name, role: d.role, createdBy: d.createdBy, secretSha256: d.secretSha256, expiresOn: d.expiresOn, revoked: false };
      }
      case 'ApiTokenRevoked':
        return { ...state, revoked: true };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateApiToken': {
        if (state.exists) return reject('token_exists');
        // An administrator hands out at most what they hold: a role in a company they manage.
        if (!mayManageUser(command.manager, tokenScope(command.companyId, command.role))) return reject('company_not_allowed');
        if (command.expiresOn !== null && command.expiresOn < command.today) return reject('expiry_in_past');
        const { tokenId, tenantId, companyId, name, role, secretSha256, expiresOn } = command;
        return accept({ type: 'ApiTokenCreated', data: { tokenId, tenantId, companyId, name, role, createdBy: command.manager.userId, secretSha256, expiresOn } });
      }
      case 'RevokeApiToken': {
        // A token of a company the administrator does not manage looks absent, as users do.
        if (!state.exists || !state.companyId || !state.role || !mayManageUser(command.manager, tokenScope(state.companyId, state.role))) return reject('token_not_found');
        if (state.revoked) return accept();
        return accept({ type: 'ApiTokenRevoked', data: { tokenId: command.tokenId, companyId: state.companyId } });
      }
    }
  },
};

/** The creator as they are now: what a token's access is checked against on every call. */
export interface TokenCreatorNow {
  active: boolean;
  tenantId: string | null;
  role: Role | null;
  sectionId: string | null;
  companyIds: readonly string[];
  allCompanies: boolean;
}

/**
 * Whether a presented token may be used today: it exists, is not revoked or expired, and its
 * creator is still an active administrator of its company — demoting or deactivating the
 * administrator stops their tokens at once, as it stops their sessions.
 */
export function tokenAccessHolds(token: Pick<ApiTokenState, 'exists' | 'revoked' | 'expiresOn' | 'tenantId' | 'companyId' | 'role'>, creator: TokenCreatorNow, today: string): boolean {
  if (!token.exists || token.revoked || !token.companyId || !token.role) return false;
  if (token.expiresOn !== null && token.expiresOn < today) return false;
  if (!creator.active || creator.role === null || creator.tenantId !== token.tenantId) return false;
  return mayManageUser({ userId: '', role: creator.role, sectionId: creator.sectionId, allCompanies: creator.allCompanies, companyIds: creator.companyIds }, tokenScope(token.companyId, token.role));
}

/** A token's status on a day (UTC, YYYY-MM-DD), as the token list shows it. */
export function apiTokenStatus(token: { revoked: boolean; expiresOn: string | null }, today: string): 'active' | 'expired' | 'revoked' {
  if (token.revoked) return 'revoked';
  return token.expiresOn !== null && token.expiresOn < today ? 'expired' : 'active';
}
