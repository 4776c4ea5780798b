import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, routeKey, type Permission } from '@ghg/api';
import { can, type Action, type Actor } from '@ghg/domain';
import { call, login, refusedCall, startTestApp, type RunningApp } from './embeddedApp';
import { inviteAndLogin } from './invitedUser';

/**
 * Every API route and the permission it needs, from the route contracts (@ghg/api, one
 * `permission` each; docs/permissions.md). A route the app registers without a contract, or a
 * contract without a route, fails the first test, so no route can escape the matrix.
 * 'public': no token needed; 'websocket': authenticated on upgrade (see backbone.int.test.ts).
 */
const routeRules: Record<string, Permission> = Object.fromEntries(allRoutes.map(({ contract }) => [routeKey(contract), contract.permission]));

/** The contract a registered route belongs to: its own, or that of the page whose files it serves (subtree). */
const contractKeyOf = (route: { method: string; url: string }) =>
  routeKey(allRoutes.find(({ contract: c }) => c.method === route.method && (c.url === route.url || (c.subtree === true && route.url.startsWith(`${c.url}/`))))?.contract ?? route);

const actors: { email: string; actor: Actor }[] = [
  { email: 'admin@demo.example', actor: { role: 'admin', sectionId: null, allCompanies: true } },
  { email: 'editor@demo.example', actor: { role: 'editor', sectionId: 'section', allCompanies: false } },
  { email: 'viewer@demo.example', actor: { role: 'viewer', sectionId: null, allCompanies: false } },
  { email: 'logistics@demo.example', actor: { role: 'editor', sectionId: null, allCompanies: false } },
];

describe('permission matrix on every route', () => {
  let app: RunningApp;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    app = await startTestApp();
    for (const { email } of actors) tokens.set(email, await login(app, email));
  });
  afterAll(async () => app?.stop());

  const apiRoutes = () => app.routes.filter((r) => r.url.startsWith('/api/')).map(contractKeyOf);

  it('every registered API route has a rule (its contract), and every rule a route', () => {
    const registered = [...new Set(apiRoutes())].sort();
    expect(registered).toEqual(Object.keys(routeRules).sort());
  });

  const rules = Object.entries(routeRules).filter(([, rule]) => rule !== 'websocket');

  it.each(rules)('%s without a token', async (route, rule) => {
    const [method, url] = route.split(' ') as [string, string];
    const res = await call(app, method, url.replace(':id', 'missing-id'), undefined, method === 'GET' ? undefined : {});
    if (rule === 'public') expect(res.status).not.toBe(401);
    else expect(res.status).toBe(401);
  });

  it.each(rules.filter(([, rule]) => rule !== 'public'))('%s for each role gives exactly what the matrix says', async (route, rule) => {
    const [method, url] = route.split(' ') as [string, string];
    for (const { email, actor } of actors) {
      const res = await call(app, method, url.replace(':id', 'missing-id'), tokens.get(email), method === 'GET' ? undefined : {});
      const allowed = can(actor, rule as Action);
      // Allowed: the call gets past authorisation (200, or 400/404 for the empty arguments we send).
      const refused = res.status === 401 || res.status === 403;
      expect({ email, status: res.status, refused }).toEqual({ email, status: allowed ? res.status : 403, refused: !allowed });
    }
  });

  it("a user of another company cannot reach the first company's rows by id", async () => {
    const admin = tokens.get('admin@demo.example')!;
    const company1 = (await call(app, 'GET', '/api/auth-user', admin)).body.user.selectedCompanyId as string;
    const rate = await call(app, 'POST', '/api/currency', admin, { fiscalYear: 2040, currencyUnit: 'SEK', rate: 14 });
    const sections = (await call(app, 'GET', '/api/company-section', admin)).body.companySections as { id: string; name: string }[];
    const leaf = sections.find((s) => s.name === '経理部')!;

    // Make the logistics editor an administrator of company 2, so that only the company can stop them.
    const other = tokens.get('logistics@demo.example')!;
    const company2 = (await call(app, 'GET', '/api/auth-user', other)).body.user.selectedCompanyId as string;
    expect(company2).not.toBe(company1);
    await call(app, 'PUT', '/api/user', admin, { user: { selectedCompanyId: company2 } });
    const users = (await call(app, 'GET', '/api/users', admin)).body.users as { id: string; email: string }[];
    const logistics = users.find((u) => u.email === 'logistics@demo.example')!;
    expect((await call(app, 'PUT', `/api/users/${logistics.id}/access`, admin, { role: 'admin', companyIds: [company2] })).status).toBe(200);
    await call(app, 'PUT', '/api/user', admin, { user: { selectedCompanyId: company1 } });

    expect((await call(app, 'GET', '/api/companies', other)).body).toMatchObject({ companies: [{ id: company2 }], isAllCompany: false });
    expect((await call(app, 'DELETE', `/api/currency/${rate.body.currency.id}`, other)).status).toBe(404);
    expect((await call(app, 'DELETE', `/api/company-section/${leaf.id}`, other)).status).toBe(404);
    expect((await call(app, 'PUT', '/api/company/region', other, { companyId: company1, region: 'UK' })).status).toBe(404);
    expect((await call(app, 'PUT', '/api/user', other, { user: { selectedCompanyId: company1 } })).status).toBe(400);
    expect((await call(app, 'GET', '/api/currency?fiscalYear=2040', other)).body.currencies).toEqual([]);
    // Untouched for its own company.
    expect((await call(app, 'GET', '/api/currency?fiscalYear=2040', admin)).body.currencies).toHaveLength(1);
    expect((await call(app, 'GET', '/api/company-section', admin)).body.companySections.some((s: { id: string }) => s.id === leaf.id)).toBe(true);
  });
});

/**
 * Who may manage whom: only users whose whole access lies within the
 * caller's; group-wide access only by a group administrator; never the last group administrator.
 */
describe('user management across companies', () => {
  let app: RunningApp;
  let group: string;
  let groupId: string;
  let company1: string;
  let company2: string;
  let companyAdmin: { id: string; token: string };
  let viewerId: string;

  beforeAll(async () => {
    app = await startTestApp();
    group = await login(app, 'admin@demo.example');
    const me = (await call(app, 'GET', '/api/auth-user', group)).body.user;
    groupId = me.id;
    company1 = me.selectedCompanyId;
    company2 = ((await call(app, 'GET', '/api/companies', group)).body.companies as { id: string }[]).find((c) => c.id !== company1)!.id;
    companyAdmin = await inviteAndLogin(app, group, 'company.admin@demo.example', { role: 'admin', companyIds: [company1] });
    viewerId = ((await call(app, 'GET', '/api/users', group)).body.users as { id: string; email: string }[]).find((u) => u.email === 'viewer@demo.example')!.id;
  });
  afterAll(async () => app?.stop());

  const refusedAs = async (token: string, method: string, url: string, body?: unknown) => {
    const res = await refusedCall(app, method, url, token, body);
    return { url, status: res.status, code: res.body?.code };
  };

  it('a company administrator cannot change, deactivate or reactivate the group administrator', async () => {
    const refusals = [
      await refusedAs(companyAdmin.token, 'PUT', `/api/users/${groupId}/access`, { role: 'viewer', companyIds: [company1] }),
      await refusedAs(companyAdmin.token, 'POST', `/api/users/${groupId}/deactivate`),
      await refusedAs(companyAdmin.token, 'POST', `/api/users/${groupId}/reactivate`),
    ];
    expect(refusals.map((r) => [r.status, r.code])).toEqual(Array(3).fill([403, 'user_not_manageable']));
    expect((await call(app, 'GET', '/api/auth-user', group)).body.user).toMatchObject({ role: 'admin' });
  });

  it('a company administrator cannot manage a user who also belongs to another company', async () => {
    const both = await call(app, 'POST', '/api/users', group, { email: 'both@demo.example', name: 'both', role: 'viewer', companyIds: [company1, company2] });
    const id = both.body.user.id as string;
    const refusals = [
      await refusedAs(companyAdmin.token, 'PUT', `/api/users/${id}/access`, { role: 'viewer', companyIds: [company1] }),
      await refusedAs(companyAdmin.token, 'POST', `/api/users/${id}/deactivate`),
    ];
    expect(refusals.map((r) => [r.status, r.code])).toEqual(Array(2).fill([403, 'user_not_manageable']));
    // Within their own company they still manage as before.
    expect((await call(app, 'PUT', `/api/users/${viewerId}/access`, companyAdmin.token, { role: 'editor', companyIds: [company1] })).status).toBe(200);
  });

  it("the user list shows a company administrator whom they manage, and no other company's ids", async () => {
    const users = (await call(app, 'GET', '/api/users', companyAdmin.token)).body.users as { email: string; companyIds: string[]; manageable: boolean }[];
    const byEmail = new Map(users.map((u) => [u.email, u]));
    expect(byEmail.get('both@demo.example')).toMatchObject({ companyIds: [company1], manageable: false });
    expect(byEmail.get('admin@demo.example')).toMatchObject({ manageable: false });
    expect(byEmail.get('viewer@demo.example')).toMatchObject({ companyIds: [company1], manageable: true });
    expect(users.flatMap((u) => u.companyIds)).not.toContain(company2);
    // The group administrator holds every company, so they see and manage them all.
    const seenByGroup = (await call(app, 'GET', '/api/users', group)).body.users as { email: string; companyIds: string[]; manageable: boolean }[];
    expect(seenByGroup.find((u) => u.email === 'both@demo.example')).toMatchObject({ companyIds: [company1, company2], manageable: true });
  });

  it('only a group administrator grants group-wide access or a company the caller does not hold', async () => {
    const refusals = [
      await refusedAs(companyAdmin.token, 'POST', '/api/users', { email: 'wide@demo.example', name: 'wide', role: 'admin', companyIds: [company1], allCompanies: true }),
      await refusedAs(companyAdmin.token, 'PUT', `/api/users/${viewerId}/access`, { role: 'admin', companyIds: [company1], allCompanies: true }),
      await refusedAs(companyAdmin.token, 'PUT', `/api/users/${viewerId}/access`, { role: 'viewer', companyIds: [company1, company2] }),
    ];
    expect(refusals.map((r) => [r.status, r.code])).toEqual(Array(3).fill([400, 'company_not_allowed']));
  });

  it("only a user who holds every company of the group chooses the group's consolidation approach", async () => {
    const url = '/api/group/consolidation-approach';
    // company.configure in their company is not enough: the choice is the whole group's.
    const refused = await refusedAs(companyAdmin.token, 'POST', url, { approach: 'equity_share' });
    expect([refused.status, refused.code]).toEqual([403, 'whole_group_required']);
    const before = (await call(app, 'GET', '/api/companies', group)).body as { consolidationApproach: string; consolidationApproachVersion: number };
    const chosen = await call(app, 'POST', url, group, { approach: 'financial', expectedVersion: before.consolidationApproachVersion });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.consolidationApproach).toBe('financial');
    expect(chosen.body.consolidationApproachVersion).toBeGreaterThan(before.consolidationApproachVersion);
    // Everyone of the group reads the choice with the companies, also one who holds only some of them.
    expect((await call(app, 'GET', '/api/companies', companyAdmin.token)).body).toMatchObject({ isAllCompany: false, consolidationApproach: 'financial' });
    // The version seen before the change is stale now.
    expect((await refusedAs(group, 'POST', url, { approach: 'equity_share', expectedVersion: before.consolidationApproachVersion })).status).toBe(409);
    expect((await call(app, 'POST', url, group, { approach: before.consolidationApproach })).status).toBe(200);
  });

  it('unknown company or section ids in an access change are refused', async () => {
    const refusals = [
      await refusedAs(group, 'PUT', `/api/users/${viewerId}/access`, { role: 'viewer', companyIds: ['no-such-company'] }),
      await refusedAs(group, 'PUT', `/api/users/${viewerId}/access`, { role: 'viewer', companyIds: [company1], sectionId: 'no-such-section' }),
      await refusedAs(group, 'POST', '/api/users', { email: 'lost@demo.example', name: 'lost', role: 'viewer', companyIds: [company1], sectionId: 'no-such-section' }),
    ];
    expect(refusals.map((r) => [r.status, r.code])).toEqual([[400, 'unknown_company'], [400, 'unknown_section'], [400, 'unknown_section']]);
    // A section of another company is as unknown as one that never existed.
    const sectionOfCompany2 = await app.infra.db.knex('company_sections').where({ company_id: company2 }).first('id');
    expect((await refusedAs(group, 'PUT', `/api/users/${viewerId}/access`, { role: 'viewer', companyIds: [company1], sectionId: sectionOfCompany2.id })).code).toBe('unknown_section');
  });

  it('two group administrators demoting each other at once leave one group administrator', async () => {
    const second = await inviteAndLogin(app, group, 'second.group@demo.example', { role: 'admin', companyIds: [company1, company2], allCompanies: true });
    const demote = { role: 'viewer', companyIds: [company1] };
    const results = await Promise.all([
      call(app, 'PUT', `/api/users/${second.id}/access`, group, demote),
      call(app, 'PUT', `/api/users/${groupId}/access`, second.token, demote),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    const groupAdmins = await app.infra.db.knex('users').where({ role: 'admin', all_companies: true, active: true }).pluck('email');
    expect(groupAdmins).toHaveLength(1);
  });
});
