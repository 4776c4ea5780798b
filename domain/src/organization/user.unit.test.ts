import { describe, expect, it } from 'vitest';
import { fold, given } from '../core/decider';
import { userDecider, type UserCommand } from './user';
import type { AccessScope, Manager } from './userManagement';
import type { UserEvent } from '@ghg/events';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1', tenantId: 't1', email: 'a@b.example', name: 'A', passwordHash: 'h', language: 'ja',
    role: 'admin', companyIds: ['c1', 'c2'], sectionId: null, selectedCompanyId: 'c1', allCompanies: false,
  },
};

describe('user decider', () => {
  it('when registered, then the email is lower-cased and the first company is selected', () => {
    const result = given(userDecider, []).when({
      type: 'RegisterUser', userId: 'u1', tenantId: 't1', email: ' A@B.example ', name: 'A', passwordHash: 'h',
      language: 'ja', role: 'admin', companyIds: ['c1', 'c2'], sectionId: null,
    });
    expect(result).toEqual({ ok: true, events: [registered] });
  });

  it('given a user, when registered again, then user_exists', () => {
    const r = given(userDecider, [registered]).when({ ...(registered.data as object), type: 'RegisterUser' } as never);
    expect(r).toEqual({ ok: false, error: 'user_exists' });
  });

  it('given a user of c1 and c2, when selecting c2 and English, then one preferences event', () => {
    expect(given(userDecider, [registered]).when({ type: 'ChangeUserPreferences', userId: 'u1', selectedCompanyId: 'c2', language: 'en' })).toEqual({
      ok: true,
      events: [{ type: 'UserPreferencesChanged', data: { userId: 'u1', language: 'en', selectedCompanyId: 'c2' } }],
    });
  });

  it('when selecting a company the user may not see, then company_not_allowed', () => {
    expect(given(userDecider, [registered]).when({ type: 'ChangeUserPreferences', userId: 'u1', selectedCompanyId: 'c9' })).toEqual({
      ok: false,
      error: 'company_not_allowed',
    });
  });

  it('when choosing an unknown language, then invalid_language', () => {
    expect(given(userDecider, [registered]).when({ type: 'ChangeUserPreferences', userId: 'u1', language: 'fr' })).toEqual({
      ok: false,
      error: 'invalid_language',
    });
  });
});

/** A group administrator of a group of c1, c2 and c3 (sections s1 in c1). */
const boss: Manager = { userId: 'boss', role: 'admin', companyIds: ['c1', 'c2', 'c3'], allCompanies: true, sectionId: null };
const facts = { groupCompanyIds: ['c1', 'c2', 'c3'], sectionIds: ['s1'], otherActiveGroupAdmins: 1 };
const changeAccess = (manager: Manager, access: Partial<AccessScope> & { companyIds: string[] }, extra: Partial<typeof facts> = {}): UserCommand =>
  ({ type: 'ChangeUserAccess', userId: 'u1', manager, facts: { ...facts, ...extra }, role: 'viewer', allCompanies: false, sectionId: null, ...access });

describe('user management', () => {
  const now = '2026-11-22T10:00:00.000Z';
  it('an admin changes another user\'s role; the selected company follows the new access', () => {
    expect(
      given(userDecider, [registered]).when(changeAccess(boss, { companyIds: ['c2'] })),
    ).toEqual({ ok: true, events: [{ type: 'UserAccessChanged', data: { userId: 'u1', role: 'viewer', companyIds: ['c2'], allCompanies: false, sectionId: null } }] });
    const after = fold(userDecider, [registered, { type: 'UserAccessChanged', data: { userId: 'u1', role: 'viewer', companyIds: ['c2'], allCompanies: false, sectionId: null } }]);
    expect(after.selectedCompanyId).toBe('c2');
  });

  it('nobody changes their own access or deactivates themselves', () => {
    const self = { ...boss, userId: 'u1' };
    expect(given(userDecider, [registered]).when(changeAccess(self, { companyIds: ['c1'] }))).toEqual({ ok: false, error: 'cannot_change_own_access' });
    expect(given(userDecider, [registered]).when({ type: 'DeactivateUser', userId: 'u1', manager: self, otherActiveGroupAdmins: 1 })).toEqual({ ok: false, error: 'cannot_change_own_access' });
  });

  describe('an administrator manages only users whose whole access lies within their own', () => {
    // u1 is an administrator of c1 and c2; this one administers c1 only.
    const companyAdmin: Manager = { userId: 'ca', role: 'admin', companyIds: ['c1'], allCompanies: false, sectionId: null };
    const groupAdmin: UserEvent = { ...registered, data: { ...registered.data, companyIds: ['c1'], allCompanies: true } } as UserEvent;
    it.each([
      ['a user who also belongs to c2', [registered]],
      ['the group administrator', [groupAdmin]],
    ] as const)('a company administrator cannot change, deactivate or reactivate %s', (_, history) => {
      const refused = { ok: false, error: 'user_not_manageable' };
      expect(given(userDecider, history).when(changeAccess(companyAdmin, { companyIds: ['c1'] }))).toEqual(refused);
      expect(given(userDecider, history).when({ type: 'DeactivateUser', userId: 'u1', manager: companyAdmin, otherActiveGroupAdmins: 1 })).toEqual(refused);
      expect(given(userDecider, history).when({ type: 'ReactivateUser', userId: 'u1', manager: companyAdmin })).toEqual(refused);
    });

    it('an editor or a section-scoped administrator manages nobody', () => {
      for (const manager of [{ ...boss, role: 'editor' as const }, { ...boss, sectionId: 's1' }]) {
        expect(given(userDecider, [registered]).when({ type: 'ReactivateUser', userId: 'u1', manager })).toEqual({ ok: false, error: 'user_not_manageable' });
      }
    });

    it('a company administrator manages a user of their company, but grants only their companies and never group-wide access', () => {
      const inC1: UserEvent = { ...registered, data: { ...registered.data, companyIds: ['c1'] } } as UserEvent;
      expect(given(userDecider, [inC1]).when(changeAccess(companyAdmin, { companyIds: ['c1'], role: 'editor' })).ok).toBe(true);
      expect(given(userDecider, [inC1]).when(changeAccess(companyAdmin, { companyIds: ['c1', 'c2'] }))).toEqual({ ok: false, error: 'company_not_allowed' });
      expect(given(userDecider, [inC1]).when(changeAccess(companyAdmin, { companyIds: ['c1'], allCompanies: true }))).toEqual({ ok: false, error: 'company_not_allowed' });
    });

    it('unknown company and section ids are refused', () => {
      expect(given(userDecider, [registered]).when(changeAccess(boss, { companyIds: ['c9'] }))).toEqual({ ok: false, error: 'unknown_company' });
      expect(given(userDecider, [registered]).when(changeAccess(boss, { companyIds: ['c1'], sectionId: 's9' }))).toEqual({ ok: false, error: 'unknown_section' });
      expect(given(userDecider, [registered]).when(changeAccess(boss, { companyIds: ['c1'], sectionId: 's1' })).ok).toBe(true);
    });

    it('the last active group administrator is neither demoted nor deactivated', () => {
      const last = { ok: false, error: 'last_group_admin' };
      expect(given(userDecider, [groupAdmin]).when(changeAccess(boss, { companyIds: ['c1'], role: 'admin' }, { otherActiveGroupAdmins: 0 }))).toEqual(last);
      expect(given(userDecider, [groupAdmin]).when({ type: 'DeactivateUser', userId: 'u1', manager: boss, otherActiveGroupAdmins: 0 })).toEqual(last);
      // With another group administrator left, both are fine.
      expect(given(userDecider, [groupAdmin]).when({ type: 'DeactivateUser', userId: 'u1', manager: boss, otherActiveGroupAdmins: 1 }).ok).toBe(true);
      // Keeping group-wide admin access is no removal.
      expect(given(userDecider, [groupAdmin]).when(changeAccess(boss, { companyIds: ['c1', 'c2'], role: 'admin', allCompanies: true }, { otherActiveGroupAdmins: 0 })).ok).toBe(true);
    });
  });

  it('a reset token works once, within the hour, for an active user', () => {
    const requested = given(userDecider, [registered]).when({ type: 'RequestPasswordReset', userId: 'u1', tokenHash: 'th', now });
    expect(requested).toEqual({ ok: true, events: [{ type: 'PasswordResetRequested', data: { userId: 'u1', tokenHash: 'th', expiresAt: '2026-11-22T11:00:00.000Z' } }] });
    const history: UserEvent[] = [registered, ...(requested.ok ? requested.events : [])];
    const reset = (tokenHash: string, at: string, passwordLength = 12) =>
      given(userDecider, history).when({ type: 'ResetPassword', userId: 'u1', tokenHash, passwordHash: 'new', passwordLength, now: at });
    expect(reset('th', '2026-11-22T10:59:59.000Z')).toEqual({ ok: true, events: [{ type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'new' } }] });
    expect(reset('th', '2026-11-22T11:00:00.000Z')).toEqual({ ok: false, error: 'invalid_reset_token' });
    expect(reset('other', now)).toEqual({ ok: false, error: 'invalid_reset_token' });
    expect(reset('th', now, 5)).toEqual({ ok: false, error: 'password_too_short' });
    const used: UserEvent[] = [...history, { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'new' } }];
    expect(given(userDecider, used).when({ type: 'ResetPassword', userId: 'u1', tokenHash: 'th', passwordHash: 'x', passwordLength: 12, now })).toEqual({ ok: false, error: 'invalid_reset_token' });
  });

  it('a deactivated user cannot request a reset', () => {
    const history: UserEvent[] = [registered, { type: 'UserDeactivated', data: { userId: 'u1' } }];
    expect(given(userDecider, history).when({ type: 'RequestPasswordReset', userId: 'u1', tokenHash: 'th', now })).toEqual({ ok: false, error: 'user_inactive' });
  });
});
