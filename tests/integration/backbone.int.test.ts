import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, describeOnBackends, login, type RunningApp } from './embeddedApp';

/** A /api/live message as this test reads it (`notices` only on type 'notices'). */
interface LiveMessage {
  type: string;
  notices: { topic: string; companyId: string | null; ids: string[] }[];
}

describeOnBackends('backbone', (start) => {
  let app: RunningApp;
  let admin: string;

  beforeAll(async () => {
    app = await start();
    admin = await login(app, 'admin@demo.example');
  });
  afterAll(async () => {
    await app?.stop();
  });

  const eventCount = async () => (await app.infra.eventStore.readAll()).length;

  it('logs in the demo admin and returns the user', async () => {
    const me = await call(app, 'GET', '/api/auth-user', admin);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'admin@demo.example', role: 'admin', language: 'ja' });
    const companies = await call(app, 'GET', '/api/companies', admin);
    expect(companies.body.companies.length).toBeGreaterThanOrEqual(3);
    expect(companies.body.isAllCompany).toBe(true);
  });

  it('refuses a wrong password, a missing token and a forged token with 401', async () => {
    expect((await call(app, 'POST', '/api/login', undefined, { email: 'admin@demo.example', password: 'nope' })).status).toBe(401);
    expect((await call(app, 'POST', '/api/login', undefined, { email: 'nobody@demo.example', password: 'demo-ledger' })).status).toBe(401);
    expect((await call(app, 'GET', '/api/fiscal-year')).status).toBe(401);
    expect((await call(app, 'POST', '/api/fiscal-year', 'x.y.z', { fiscalYearId: 'a', startMonth: 1 })).status).toBe(401);
  });

  it('rate-limits login attempts for one address and email (429 after 20 a minute)', async () => {
    const attempt = () => call(app, 'POST', '/api/login', undefined, { email: 'limited@demo.example', password: 'guess' });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await attempt()).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another email from the same address is not affected.
    expect((await call(app, 'POST', '/api/login', undefined, { email: 'admin@demo.example', password: 'demo-ledger' })).status).toBe(200);
  });

  it('refresh returns a new token and its lifetime in seconds (14 days)', async () => {
    const me = await call(app, 'GET', '/api/auth-user', admin);
    const res = await call(app, 'POST', '/api/refresh', admin, { id: me.body.user.id });
    expect(res.status).toBe(200);
    expect(res.body.expiration).toBe(14 * 24 * 3600);
    expect((await call(app, 'GET', '/api/auth-user', res.body.token)).status).toBe(200);
    expect((await call(app, 'POST', '/api/refresh', admin, { id: 'someone-else' })).status).toBe(403);
  });

  it('sets the fiscal year; a stale expected version is 409 and appends nothing', async () => {
    const before = await call(app, 'GET', '/api/fiscal-year', admin);
    expect(before.body.fiscalYear.startMonth).toBe(4);
    const { fiscalYearId, version } = before.body.fiscalYear;
    const saved = await call(app, 'POST', '/api/fiscal-year', admin, { fiscalYearId, startMonth: 1, expectedVersion: version });
    expect(saved.status).toBe(200);
    expect(saved.body.fiscalYear).toEqual({ fiscalYearId, startMonth: 1, version: version + 1 });
    expect((await call(app, 'GET', '/api/fiscal-year', admin)).body.fiscalYear.startMonth).toBe(1);

    const count = await eventCount();
    const stale = await call(app, 'POST', '/api/fiscal-year', admin, { fiscalYearId, startMonth: 7, expectedVersion: version });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    expect(await eventCount()).toBe(count);
  });

  it.each([
    [{}, 'both missing'],
    [{ startMonth: 3 }, 'fiscalYearId missing'],
    [{ fiscalYearId: 'x' }, 'startMonth missing'],
  ])('fiscal-year save with %o (%s) answers 400 "invalid args" and appends nothing', async (body, _label) => {
    const count = await eventCount();
    const res = await call(app, 'POST', '/api/fiscal-year', admin, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('invalid args');
    expect(await eventCount()).toBe(count);
  });

  it('adds, lists, changes and deletes a currency rate; a missing rate reads as 100', async () => {
    const added = await call(app, 'POST', '/api/currency', admin, { fiscalYear: 2030, currencyUnit: 'gbp', rate: 190.5 });
    expect(added.status).toBe(200);
    expect(added.body.currency).toMatchObject({ fiscalYear: 2030, currencyUnit: 'GBP', rate: 190.5 });
    const id = added.body.currency.id;
    const list = await call(app, 'GET', '/api/currency?fiscalYear=2030', admin);
    expect(list.body.currencies).toEqual([expect.objectContaining({ id, currencyUnit: 'GBP', rate: 190.5 })]);
    const dup = await call(app, 'POST', '/api/currency', admin, { fiscalYear: 2030, currencyUnit: 'GBP', rate: 1 });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('currency_rate_exists');
    const changed = await call(app, 'POST', '/api/currency', admin, { id, fiscalYear: 2030, currencyUnit: 'GBP', rate: 191, expectedVersion: added.body.currency.version });
    expect(changed.body.currency.rate).toBe(191);
    expect((await call(app, 'GET', '/api/currency/rate?fiscalYear=2030&currencyUnit=GBP', admin)).body.rate).toBe(191);
    const removed = await call(app, 'DELETE', `/api/currency/${id}`, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.currency).toMatchObject({ id, rate: 191 });
    expect((await call(app, 'GET', '/api/currency/rate?fiscalYear=2030&currencyUnit=GBP', admin)).body).toMatchObject({ rate: 100, isDefault: true });
    expect((await call(app, 'DELETE', `/api/currency/${id}`, admin)).status).toBe(404);
  });

  it.each([
    [{ currencyUnit: 'USD', rate: 1 }, 'fiscalYear'],
    [{ fiscalYear: 2030, rate: 1 }, 'currencyUnit'],
    [{ fiscalYear: 2030, currencyUnit: 'USD' }, 'rate'],
  ])('currency save with %o answers 400 invalid args naming %s', async (body, field) => {
    const res = await call(app, 'POST', '/api/currency', admin, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'invalid args', fields: [field] });
  });

  it.each(['viewer@demo.example', 'editor@demo.example'])('%s may read company settings but not change them (403, nothing appended)', async (email) => {
    const token = await login(app, email);
    const fy = await call(app, 'GET', '/api/fiscal-year', token);
    expect(fy.status).toBe(200);
    const count = await eventCount();
    const res = await call(app, 'POST', '/api/fiscal-year', token, { fiscalYearId: fy.body.fiscalYear.fiscalYearId, startMonth: 2 });
    expect(res.status).toBe(403);
    expect((await call(app, 'POST', '/api/currency', token, { fiscalYear: 2031, currencyUnit: 'USD', rate: 1 })).status).toBe(403);
    expect(await eventCount()).toBe(count);
  });

  it("another company's data is neither visible nor writable", async () => {
    const companies = (await call(app, 'GET', '/api/companies', admin)).body.companies as { id: string }[];
    const me = (await call(app, 'GET', '/api/auth-user', admin)).body.user;
    const other = companies.find((c) => c.id !== me.selectedCompanyId)!;
    await call(app, 'PUT', '/api/user', admin, { user: { selectedCompanyId: other.id } });
    const otherRates = await call(app, 'GET', '/api/currency', admin);
    expect(otherRates.body.currencies).toEqual([]);
    const otherAudit = await call(app, 'GET', '/api/auditlog', admin);
    expect(otherAudit.body.entries.every((e: { topic: string }) => e.topic !== 'settings/currency')).toBe(true);
    await call(app, 'PUT', '/api/user', admin, { user: { selectedCompanyId: me.selectedCompanyId } });

    // The viewer belongs to one company only: selecting another is refused.
    const viewer = await login(app, 'viewer@demo.example');
    const refused = await call(app, 'PUT', '/api/user', viewer, { user: { selectedCompanyId: other.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('company_not_allowed');
  });

  it('the audit log lists who changed what, newest first, with before and after', async () => {
    const res = await call(app, 'GET', '/api/auditlog?limit=5', admin);
    expect(res.status).toBe(200);
    const fy = res.body.entries.find((e: { type: string }) => e.type === 'FiscalYearStartMonthSet');
    expect(fy.actor).toMatchObject({ email: 'admin@demo.example' });
    expect(fy.changes).toEqual([{ field: 'startMonth', before: 4, after: 1 }]);
    const positions = res.body.entries.map((e: { position: string }) => BigInt(e.position));
    expect([...positions].sort((a, b) => (a > b ? -1 : 1))).toEqual(positions);
  });

  it('a WebSocket client of the same company sees the notice; another company does not', async () => {
    const address = app.app.server.address() as { port: number };
    const open = (token: string) =>
      new Promise<{ ws: WebSocket; messages: LiveMessage[] }>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${address.port}/api/live?token=${token}`);
        const messages: LiveMessage[] = [];
        ws.on('message', (m) => {
          messages.push(JSON.parse(String(m)));
          if (messages.length === 1) resolve({ ws, messages });
        });
        ws.on('error', reject);
      });
    // The viewer (company 1) and the logistics editor (company 2 only) listen; the admin writes in company 1.
    const viewer = await login(app, 'viewer@demo.example');
    const same = await open(viewer);
    const me = (await call(app, 'GET', '/api/auth-user', admin)).body.user;
    const other = await open(await login(app, 'logistics@demo.example'));

    const fy = (await call(app, 'GET', '/api/fiscal-year', viewer)).body.fiscalYear;
    const got = new Promise<LiveMessage>((resolve) =>
      same.ws.on('message', (m) => {
        const msg = JSON.parse(String(m)) as LiveMessage;
        if (msg.type === 'notices' && msg.notices.some((n) => n.topic === 'settings/fiscalYear')) resolve(msg);
      }),
    );
    const saved = await call(app, 'POST', '/api/fiscal-year', admin, { fiscalYearId: fy.fiscalYearId, startMonth: 10 });
    expect(saved.status).toBe(200);
    const msg = await got;
    expect(msg.notices[0]).toMatchObject({ topic: 'settings/fiscalYear', companyId: me.selectedCompanyId, ids: [fy.fiscalYearId] });
    await new Promise((r) => setTimeout(r, 100));
    expect(other.messages.some((m) => m.type === 'notices' && m.notices.some((n) => n.topic === 'settings/fiscalYear'))).toBe(false);
    same.ws.close();
    other.ws.close();
  });

  it('a WebSocket without a valid token is closed with 4401', async () => {
    const address = app.app.server.address() as { port: number };
    const code = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${address.port}/api/live?token=bad`);
      ws.on('close', (c) => resolve(c));
    });
    expect(code).toBe(4401);
  });
});
