import { describe, expect, it } from 'vitest';
import { fold, given } from '../core/decider';
import { userDecider } from './user';
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

describe('user management', () => {
  const now = '2026-11-22T10:00:00.000Z';
  it('an admin changes another user\'s role; the selected company follows the new access', () => {
    expect(
      given(userDecider, [registered]).when({ type: 'ChangeUserAccess', userId: 'u1', actorUserId: 'boss', role: 'viewer', companyIds: ['c2'], allCompanies: false, sectionId: null }),
    ).toEqual({ ok: true, events: [{ type: 'UserAccessChanged', data: { userId: 'u1', role: 'viewer', companyIds: ['c2'], allCompanies: false, sectionId: null } }] });
    const after = fold(userDecider, [registered, { type: 'UserAccessChanged', data: { userId: 'u1', role: 'viewer', companyIds: ['c2'], allCompanies: false, sectionId: null } }]);
    expect(after.selectedCompanyId).toBe('c2');
  });

  it('nobody changes their own access or deactivates themselves', () => {
    expect(given(userDecider, [registered]).when({ type: 'ChangeUserAccess', userId: 'u1', actorUserId: 'u1', role: 'viewer', companyIds: ['c1'], allCompanies: false, sectionId: null })).toEqual({ ok: false, error: 'cannot_change_own_access' });
    expect(given(userDecider, [registered]).when({ type: 'DeactivateUser', userId: 'u1', actorUserId: 'u1' })).toEqual({ ok: false, error: 'cannot_change_own_access' });
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
