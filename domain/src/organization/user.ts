import { accept, reject, type Decider } from '../core/decider';
import { languages, roles, type Language, type Role, type UserEmailEvent, type UserEvent } from '@ghg/events';
import { checkGrant, mayManageUser, removesLastGroupAdmin, type AccessScope, type GrantFacts, type Manager, type UserManagementRefusal } from './userManagement';

export const userStreamId = (userId: string) => `user-${userId}`;
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const userEmailStreamId = (email: string) => `userEmail-${normaliseEmail(email)}`;

/**
 * Who an address belongs to: fold its `userEmail-…` stream with `foldRecorded` (its first event,
 * appended with "no stream", is the one claim there is). null: nobody.
 */
export const userEmailOwner: Pick<Decider<never, UserEmailEvent, string | null, never>, 'eventTypes' | 'initialState' | 'evolve'> = {
  eventTypes: { UserEmailClaimed: true },
  initialState: () => null,
  evolve: (owner, event) => owner ?? event.data.userId,
};

/** A reset link is valid for one hour and for one use. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 8;

export interface UserState {
  exists: boolean;
  active: boolean;
  tenantId: string | null;
  email: string;
  name: string;
  passwordHash: string | null;
  role: Role | null;
  sectionId: string | null;
  companyIds: readonly string[];
  allCompanies: boolean;
  language: Language;
  selectedCompanyId: string | null;
  pendingReset: { tokenHash: string; expiresAt: string } | null;
}

interface Access {
  role: Role;
  companyIds: string[];
  allCompanies: boolean;
  sectionId: string | null;
}

export type UserCommand =
  | ({
      type: 'RegisterUser';
      userId: string;
      tenantId: string;
      email: string;
      name: string;
      passwordHash: string;
      language: Language;
    } & Omit<Access, 'allCompanies'> & { allCompanies?: boolean })
  | {
      type: 'ChangeUserPreferences';
      userId: string;
      language?: string;
      selectedCompanyId?: string;
      /** For group administrators, every company of the group (the handler reads the tenant). */
      reachableCompanyIds?: readonly string[];
    }
  // Management commands carry the manager and the facts the rules need (userManagement.ts), so the
  // rules are checked against the very state the event is appended to.
  | ({ type: 'ChangeUserAccess'; userId: string; manager: Manager; facts: GrantFacts & { otherActiveGroupAdmins: number } } & Access)
  | { type: 'DeactivateUser'; userId: string; manager: Manager; otherActiveGroupAdmins: number }
  | { type: 'ReactivateUser'; userId: string; manager: Manager }
  | { type: 'RequestPasswordReset'; userId: string; tokenHash: string; now: string }
  | { type: 'ResetPassword'; userId: string; tokenHash: string; passwordHash: string; passwordLength: number; now: string }
  | { type: 'ChangePassword'; userId: string; passwordHash: string; passwordLength: number };

export type UserError =
  | 'user_exists'
  | 'user_not_found'
  | 'user_inactive'
  | 'invalid_email'
  | 'invalid_name'
  | 'invalid_language'
  | 'invalid_role'
  | 'company_not_allowed'
  | 'no_company'
  | 'cannot_change_own_access'
  | 'invalid_reset_token'
  | 'password_too_short'
  | UserManagementRefusal;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        active: true,
        tenantId: d.tenantId,
        email: d.email,
        name: d.name,
        passwordHash: d.passwordHash,
        role: d.role,
        sectionId: d.sectionId,
        companyIds: d.companyIds,
        allCompanies: d.allCompanies ?? false,
        language: d.language,
        selectedCompanyId: d.selectedCompanyId,
      };
    }
    case 'UserPreferencesChanged':
      return {
        ...state,
        language: event.data.language ?? state.language,
        selectedCompanyId: event.data.selectedCompanyId ?? state.selectedCompanyId,
      };
    case 'UserAccessChanged': {
      const { role, companyIds, allCompanies, sectionId } = event.data;
      const selected = state.selectedCompanyId && companyIds.includes(state.selectedCompanyId) ? state.selectedCompanyId : (companyIds[0] ?? null);
      return { ...state, role, companyIds, allCompanies, sectionId, selectedCompanyId: selected };
    }
    case 'UserDeactivated':
      return { ...state, active: false };
    case 'UserReactivated':
      return { ...state, active: true };
    case 'PasswordResetRequested':
      return { ...state, pendingReset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, pendingReset: null };
  }
}

/** The access a registered user holds now (a registered user always has a role). */
const accessOf = (state: UserState): AccessScope & { active: boolean } => ({
  role: state.role!,
  companyIds: state.companyIds,
  allCompanies: state.allCompanies,
  sectionId: state.sectionId,
  active: state.active,
});

function checkAccess(access: Access): UserError | null {
  if (!(roles as readonly string[]).includes(access.role)) return 'invalid_role';
  if (access.companyIds.length === 0) return 'no_company';
  return null;
}

export const userDecider: Decider<UserCommand, UserEvent, UserState, UserError> = {
  eventTypes: { UserRegistered: true, UserPreferencesChanged: true, UserAccessChanged: true, UserDeactivated: true, UserReactivated: true, PasswordResetRequested: true, PasswordChanged: true },
  initialState: () => ({
    exists: false,
    active: false,
    tenantId: null,
    email: '',
    name: '',
    passwordHash: null,
    role: null,
    sectionId: null,
    companyIds: [],
    allCompanies: false,
    language: 'ja',
    selectedCompanyId: null,
    pendingReset: null,
  }),
  evolve: (state, event) => evolveUser(state, event),
  decide: (command, state) => {
    if (command.type === 'RegisterUser') {
      if (state.exists) return reject('user_exists');
      const email = normaliseEmail(command.email);
      if (!EMAIL.test(email)) return reject('invalid_email');
      if (!command.name.trim()) return reject('invalid_name');
      if (!(languages as readonly string[]).includes(command.language)) return reject('invalid_language');
      const access = { role: command.role, companyIds: command.companyIds, allCompanies: command.allCompanies ?? false, sectionId: command.sectionId };
      const problem = checkAccess(access);
      if (problem) return reject(problem);
      const { type: _command, ...data } = command;
      return accept({
        type: 'UserRegistered',
        data: { ...data, ...access, email, name: command.name.trim(), selectedCompanyId: command.companyIds[0]! },
      });
    }
    if (!state.exists) return reject('user_not_found');
    switch (command.type) {
      case 'ChangeUserPreferences': {
        const { language, selectedCompanyId } = command;
        if (language !== undefined && !(languages as readonly string[]).includes(language)) return reject('invalid_language');
        const reachable = command.reachableCompanyIds ?? state.companyIds;
        if (selectedCompanyId !== undefined && !reachable.includes(selectedCompanyId)) return reject('company_not_allowed');
        const changes = {
          ...(language !== undefined && language !== state.language ? { language: language as Language } : {}),
          ...(selectedCompanyId !== undefined && selectedCompanyId !== state.selectedCompanyId ? { selectedCompanyId } : {}),
        };
        if (Object.keys(changes).length === 0) return accept();
        return accept({ type: 'UserPreferencesChanged', data: { userId: command.userId, ...changes } });
      }
      case 'ChangeUserAccess': {
        // An administrator cannot lock themselves out by demoting themselves.
        if (command.manager.userId === command.userId) return reject('cannot_change_own_access');
        if (!mayManageUser(command.manager, accessOf(state))) return reject('user_not_manageable');
        const { role, companyIds, allCompanies, sectionId } = command;
        const problem = checkAccess({ role, companyIds, allCompanies, sectionId }) ?? checkGrant(command.manager, { role, companyIds, allCompanies, sectionId }, command.facts);
        if (problem) return reject(problem);
        const after = { role, companyIds, allCompanies, sectionId, active: state.active };
        if (removesLastGroupAdmin(accessOf(state), after, command.facts.otherActiveGroupAdmins)) return reject('last_group_admin');
        const same =
          role === state.role && sectionId === state.sectionId && allCompanies === state.allCompanies &&
          companyIds.length === state.companyIds.length && companyIds.every((c) => state.companyIds.includes(c));
        if (same) return accept();
        return accept({ type: 'UserAccessChanged', data: { userId: command.userId, role, companyIds, allCompanies, sectionId } });
      }
      case 'DeactivateUser':
        if (command.manager.userId === command.userId) return reject('cannot_change_own_access');
        if (!mayManageUser(command.manager, accessOf(state))) return reject('user_not_manageable');
        if (removesLastGroupAdmin(accessOf(state), { ...accessOf(state), active: false }, command.otherActiveGroupAdmins)) return reject('last_group_admin');
        return state.active ? accept({ type: 'UserDeactivated', data: { userId: command.userId } }) : accept();
      case 'ReactivateUser':
        if (!mayManageUser(command.manager, accessOf(state))) return reject('user_not_manageable');
        return state.active ? accept() : accept({ type: 'UserReactivated', data: { userId: command.userId } });
      case 'RequestPasswordReset': {
        if (!state.active) return reject('user_inactive');
        const expiresAt = new Date(Date.parse(command.now) + PASSWORD_RESET_TTL_MS).toISOString();
        return accept({ type: 'PasswordResetRequested', data: { userId: command.userId, tokenHash: command.tokenHash, expiresAt } });
      }
      case 'ResetPassword': {
        const pending = state.pendingReset;
        if (!state.active || !pending || pending.tokenHash !== command.tokenHash || pending.expiresAt <= command.now) {
          return reject('invalid_reset_token');
        }
        if (command.passwordLength < MIN_PASSWORD_LENGTH) return reject('password_too_short');
        return accept({ type: 'PasswordChanged', data: { userId: command.userId, passwordHash: command.passwordHash } });
      }
      case 'ChangePassword':
        if (command.passwordLength < MIN_PASSWORD_LENGTH) return reject('password_too_short');
        return accept({ type: 'PasswordChanged', data: { userId: command.userId, passwordHash: command.passwordHash } });
    }
  },
};
