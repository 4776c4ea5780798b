import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Action, type Actor } from '@ghg/domain';
import { call, login, startTestApp, type RunningApp } from './embeddedApp';

/**
 * Every API route and the permission it needs (docs/permissions.md). A route registered by the app
 * but missing here fails the first test, so no route can escape the matrix.
 * 'public': no token needed; 'websocket': authenticated on upgrade (see backbone.int.test.ts).
 */
const routeRules: Record<string, Action | 'public' | 'websocket'> = {
  'POST /api/login': 'public',
  'POST /api/refresh': 'account.self',
  'POST /api/password/forgot': 'public',
  'POST /api/password/reset': 'public',
  'PUT /api/user/password': 'account.self',
  'PUT /api/user': 'account.self',
  'GET /api/auth-user': 'account.self',
  'GET /api/system-options': 'public',
  'GET /api/companies': 'company.read',
  'GET /api/regions': 'company.read',
  'PUT /api/company/region': 'company.configure',
  'PUT /api/company/consolidation': 'company.configure',
  'POST /api/company': 'group.manage',
  'GET /api/company-section': 'company.read',
  'GET /api/authorized-company-section': 'company.read',
  'POST /api/company-section': 'company.configure',
  'DELETE /api/company-section/:id': 'company.configure',
  'GET /api/users': 'users.manage',
  'POST /api/users': 'users.manage',
  'PUT /api/users/:id/access': 'users.manage',
  'POST /api/users/:id/deactivate': 'users.manage',
  'POST /api/users/:id/reactivate': 'users.manage',
  'GET /api/fiscal-year': 'company.read',
  'POST /api/fiscal-year': 'company.configure',
  'GET /api/currency': 'company.read',
  'GET /api/currency/rate': 'company.read',
  'POST /api/currency': 'company.configure',
  'DELETE /api/currency/:id': 'company.configure',
  'GET /api/reduction-goal': 'company.read',
  'POST /api/reduction-goal': 'targets.write',
  'DELETE /api/reduction-goal/:id': 'targets.write',
  'GET /api/offset': 'company.read',
  'POST /api/offset': 'targets.write',
  'DELETE /api/offset/:id': 'targets.write',
  'GET /api/non-fossil-certificate': 'company.read',
  'POST /api/non-fossil-certificate': 'targets.write',
  'DELETE /api/non-fossil-certificate/:id': 'targets.write',
  'GET /api/group-flag': 'company.read',
  'GET /api/group-flag/:id': 'company.read',
  'POST /api/group-flag': 'company.configure',
  'DELETE /api/group-flag/:id': 'company.configure',
  'GET /api/intensity': 'company.read',
  'POST /api/intensity': 'company.configure',
  'DELETE /api/intensity/:id': 'company.configure',
  'GET /api/management-intensity': 'company.read',
  'POST /api/management-intensity': 'targets.write',
  'DELETE /api/management-intensity/:id': 'targets.write',
  'GET /api/auditlog': 'auditlog.read',
  'GET /api/calculation-basis': 'company.read',
  'POST /api/calculation-basis': 'company.configure',
  'POST /api/calculation-basis/preview': 'company.read',
  'POST /api/calculate': 'company.read',
  'GET /api/emission-factors': 'company.read',
  'GET /api/emission-factors/:setId/:key/history': 'company.read',
  'GET /api/emission-factor-sets': 'company.read',
  'GET /api/gwp-sets': 'company.read',
  'GET /api/formulas': 'company.read',
  'GET /api/company-factor-sets': 'company.read',
  'GET /api/company-factor-sets/template.csv': 'company.read',
  'GET /api/company-factor-sets/:id/factors.csv': 'company.read',
  'POST /api/company-factor-sets': 'company.configure',
  'POST /api/company-factor-sets/:id/factors': 'company.configure',
  'DELETE /api/company-factor-sets/:id/factors/:key': 'company.configure',
  'POST /api/company-factor-sets/:id/upload': 'company.configure',
  'GET /api/live': 'websocket',
};

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

  const apiRoutes = () => app.routes.filter((r) => r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);

  it('every registered API route has a rule, and every rule a route', () => {
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
