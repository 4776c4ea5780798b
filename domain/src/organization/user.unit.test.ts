import { describe, expect, it } from 'vitest';
import { given } from '../core/decider';
import { userDecider } from './user';
import type { UserEvent } from '@ghg/events';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1', tenantId: 't1', email: 'a@b.example', name: 'A', passwordHash: 'h', language: 'ja',
    role: 'admin', companyIds: ['c1', 'c2'], sectionId: null, selectedCompanyId: 'c1',
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
