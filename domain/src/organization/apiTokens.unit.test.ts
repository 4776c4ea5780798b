import { describe, expect, it } from 'vitest';
import { given } from '../core/decider';
import type { ApiTokenEvent } from '@ghg/events';
import { apiTokenDecider, apiTokenText, parseApiToken, tokenAccessHolds, tokenMay, type ApiTokenCommand, type TokenCreatorNow } from './apiTokens';
import type { Manager } from './userManagement';

const tokenId = '0f8fad5b-d9cb-469f-a165-70867728950e';
const sha = 'a'.repeat(64);
const admin: Manager = { userId: 'u1', role: 'admin', companyIds: ['c1'], allCompanies: false, sectionId: null };
const create: ApiTokenCommand = {
  type: 'CreateApiToken', tokenId, tenantId: 't1', companyId: 'c1', name: 'ERP feed', role: 'editor', secretSha256: sha, expiresOn: '2027-03-31', manager: admin, today: '2026-11-28',
};
const created: ApiTokenEvent = {
  type: 'ApiTokenCreated',
  data: { tokenId, tenantId: 't1', companyId: 'c1', name: 'ERP feed', role: 'editor', createdBy: 'u1', secretSha256: sha, expiresOn: '2027-03-31' },
};
const revoked: ApiTokenEvent = { type: 'ApiTokenRevoked', data: { tokenId, companyId: 'c1' } };

describe('API token decider', () => {
  it('when an administrator of c1 creates an editor token for c1, then ApiTokenCreated names them as creator', () => {
    expect(given(apiTokenDecider, []).when(create)).toEqual({ ok: true, events: [created] });
  });

  it('when the token is for a company the administrator does not hold, then company_not_allowed', () => {
    expect(given(apiTokenDecider, []).when({ ...create, companyId: 'c2' })).toEqual({ ok: false, error: 'company_not_allowed' });
  });

  it('when an editor (not an administrator) creates a token, then company_not_allowed', () => {
    expect(given(apiTokenDecider, []).when({ ...create, manager: { ...admin, role: 'editor' } })).toEqual({ ok: false, error: 'company_not_allowed' });
  });

  it('when a section-scoped administrator creates a token, then company_not_allowed', () => {
    expect(given(apiTokenDecider, []).when({ ...create, manager: { ...admin, sectionId: 's1' } })).toEqual({ ok: false, error: 'company_not_allowed' });
  });

  it('when the expiry is yesterday, then expiry_in_past; today itself is accepted', () => {
    expect(given(apiTokenDecider, []).when({ ...create, expiresOn: '2026-11-27' })).toEqual({ ok: false, error: 'expiry_in_past' });
    expect(given(apiTokenDecider, []).when({ ...create, expiresOn: '2026-11-28' }).ok).toBe(true);
  });

  it('given a token, when created again under the same id, then token_exists', () => {
    expect(given(apiTokenDecider, [created]).when(create)).toEqual({ ok: false, error: 'token_exists' });
  });

  it('given a token, when its administrator revokes it, then ApiTokenRevoked; revoking again appends nothing', () => {
    expect(given(apiTokenDecider, [created]).when({ type: 'RevokeApiToken', tokenId, manager: admin })).toEqual({ ok: true, events: [revoked] });
    expect(given(apiTokenDecider, [created, revoked]).when({ type: 'RevokeApiToken', tokenId, manager: admin })).toEqual({ ok: true, events: [] });
  });

  it("given c1's token, when an administrator of c2 only revokes it, then token_not_found (another company's token looks absent)", () => {
    expect(given(apiTokenDecider, [created]).when({ type: 'RevokeApiToken', tokenId, manager: { ...admin, companyIds: ['c2'] } })).toEqual({ ok: false, error: 'token_not_found' });
  });

  it('when revoking a token that does not exist, then token_not_found', () => {
    expect(given(apiTokenDecider, []).when({ type: 'RevokeApiToken', tokenId, manager: admin })).toEqual({ ok: false, error: 'token_not_found' });
  });
});

describe('using a token', () => {
  const token = apiTokenDecider.evolve(apiTokenDecider.initialState(), created, 0);
  const creator: TokenCreatorNow = { active: true, tenantId: 't1', role: 'admin', sectionId: null, companyIds: ['c1'], allCompanies: false };

  it('holds while the creator administers the company, up to and including its last day', () => {
    expect(tokenAccessHolds(token, creator, '2027-03-31')).toBe(true);
    expect(tokenAccessHolds(token, creator, '2027-04-01')).toBe(false);
  });

  it('stops when the token is revoked, or the creator is deactivated, demoted, moved to a section or loses the company', () => {
    expect(tokenAccessHolds({ ...token, revoked: true }, creator, '2026-12-01')).toBe(false);
    expect(tokenAccessHolds(token, { ...creator, active: false }, '2026-12-01')).toBe(false);
    expect(tokenAccessHolds(token, { ...creator, role: 'editor' }, '2026-12-01')).toBe(false);
    expect(tokenAccessHolds(token, { ...creator, sectionId: 's1' }, '2026-12-01')).toBe(false);
    expect(tokenAccessHolds(token, { ...creator, companyIds: ['c2'] }, '2026-12-01')).toBe(false);
    expect(tokenAccessHolds(token, { ...creator, tenantId: 't2' }, '2026-12-01')).toBe(false);
  });

  it('a token never manages users, the group or an account, but may write activity data', () => {
    expect(tokenMay('users.manage')).toBe(false);
    expect(tokenMay('group.manage')).toBe(false);
    expect(tokenMay('account.self')).toBe(false);
    expect(tokenMay('activity.write')).toBe(true);
  });

  it('parses its own format and nothing else', () => {
    const secret = 'A'.repeat(42) + '_';
    expect(parseApiToken(apiTokenText(tokenId, secret))).toEqual({ tokenId, secret });
    expect(parseApiToken(`ghg_${tokenId}_short`)).toBeNull();
    expect(parseApiToken('eyJhbGciOi.x.y')).toBeNull();
  });
});
