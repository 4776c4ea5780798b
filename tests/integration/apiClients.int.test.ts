import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiFeatures, type RouteContract } from '@ghg/api';
import { fiscalYearOf } from '@ghg/domain';
import { call, describeOnBackends, loginDemoUsers, refusedCall, type RunningApp } from './embeddedApp';

/**
 * API clients (issue 16 §6, docs/api.md "API clients"): personal API tokens created and revoked by
 * an administrator, scoped to one role in one company, shown once and stored hashed; and
 * Idempotency-Key on every command — a retried command appends once.
 */
describeOnBackends('API clients: tokens and idempotency keys', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  let companyId: string;
  const year = fiscalYearOf(new Date(), 4) - 1;

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
    companyId = (await call(app, 'GET', '/api/auth-user', users.admin)).body.user.selectedCompanyId;
  });
  afterAll(async () => {
    await app?.stop();
  });

  const eventCount = async () => (await app.infra.eventStore.readAll()).length;
  /** A scope-1 line of the demo's company-1 year, as the input screen sends it. */
  const lineBody = async (dealId: string, count: number) => {
    const { rows } = await app.infra.db.knex.raw<{ rows: { scope_setting_id: string; unit: string }[] }>(
      `select scope_setting_id, deal->>'countUnit' as unit from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = '1' and deal->>'countUnit' is not null order by deal_id limit 1`,
      [companyId, year],
    );
    return { deal: { id: dealId, count, countUnit: rows[0]!.unit, occurrenceDate: `${year}/10/1` }, scopeSetting: { id: rows[0]!.scope_setting_id, scopeCategory: '1' } };
  };
  const keyed = (token: string, key: string, method: string, url: string, body?: unknown) =>
    app.app.inject({
      method: method as 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  it('an administrator creates a token shown once; it reads and writes as its role in its company only, and stops when revoked', async () => {
    // Only administrators of the whole company manage tokens.
    expect((await refusedCall(app, 'POST', '/api/api-tokens', users.viewer, { name: 'ERP', role: 'editor' })).status).toBe(403);
    expect((await refusedCall(app, 'POST', '/api/api-tokens', users.admin, { name: 'ERP', role: 'editor', expiresOn: '2000-01-01' })).body.code).toBe('expiry_in_past');

    const created = await call(app, 'POST', '/api/api-tokens', users.admin, { name: 'ERP feed', role: 'editor' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^ghg_[0-9a-f-]{36}_[A-Za-z0-9_-]{43}$/);
    expect(created.body.token).toMatchObject({ name: 'ERP feed', role: 'editor', companyId, status: 'active', expiresOn: null });

    // Stored hashed: neither the log nor the read model holds the secret.
    const log = JSON.stringify(await app.infra.eventStore.readAll(), (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
    expect(log).not.toContain(secret.slice(-43));
    expect(JSON.stringify(await app.infra.db.knex('api_tokens').select())).not.toContain(secret.slice(-43));
    const listed = await call(app, 'GET', '/api/api-tokens', users.admin);
    expect(listed.body.tokens).toEqual([expect.objectContaining({ id: created.body.token.id, name: 'ERP feed', status: 'active' })]);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(-43));

    // It reads the company's totals exactly as its administrator does.
    const totals = `/api/emission-totals?fromYear=${year}`;
    const byToken = await call(app, 'GET', totals, secret);
    expect(byToken.status).toBe(200);
    expect(byToken.body).toEqual((await call(app, 'GET', totals, users.admin)).body);

    // It writes as an editor; the event names the administrator as actor and the token it came through.
    const line = await call(app, 'POST', '/api/user-input-emission', secret, await lineBody('token-line', 100));
    expect(line.status, JSON.stringify(line.body)).toBe(200);
    const recorded = (await app.infra.eventStore.readAll()).filter((e) => e.type === 'ActivityLineRecorded' && (e.data as { dealId: string }).dealId === 'token-line');
    const adminId = (await call(app, 'GET', '/api/auth-user', users.admin)).body.user.id;
    expect(recorded.map((e) => e.metadata)).toEqual([expect.objectContaining({ actorUserId: adminId, companyId, apiTokenId: created.body.token.id })]);
    // The audit log names the token beside the actor, and lists everything its command did by the command's correlation.
    const audit = (await call(app, 'GET', '/api/auditlog?topic=activity/lines&entityId=token-line', users.admin)).body.entries as { type: string; correlationId: string | null; apiToken: { id: string; name: string | null } | null; actor: { id: string } | null }[];
    expect(audit).toEqual([expect.objectContaining({ type: 'ActivityLineRecorded', actor: expect.objectContaining({ id: adminId }), apiToken: { id: created.body.token.id, name: 'ERP feed' } })]);
    expect(audit[0]!.correlationId).toBe(recorded[0]!.metadata.correlationId);
    const sameCommand = (await call(app, 'GET', `/api/auditlog?correlationId=${encodeURIComponent(audit[0]!.correlationId!)}`, users.admin)).body.entries as { correlationId: string }[];
    expect(sameCommand.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sameCommand.map((e) => e.correlationId))).toEqual(new Set([audit[0]!.correlationId]));

    // Never more than its scope: no user, token or account management, not another company.
    expect((await refusedCall(app, 'POST', '/api/api-tokens', secret, { name: 'again', role: 'admin' })).status).toBe(403);
    expect((await refusedCall(app, 'PUT', '/api/user', secret, { user: { language: 'en' } })).status).toBe(403);
    expect((await call(app, 'GET', '/api/users', secret)).status).toBe(403);
    const companies = (await call(app, 'GET', '/api/companies', users.admin)).body.companies as { id: string }[];
    const other = companies.find((c) => c.id !== companyId)!.id;
    // The administrator now works in the other company; the token still reads only its own.
    const own = (await call(app, 'GET', totals, secret)).body;
    expect((await call(app, 'PUT', '/api/user', users.admin, { user: { selectedCompanyId: other } })).status).toBe(200);
    expect((await call(app, 'GET', totals, secret)).body).toEqual(own);
    expect((await call(app, 'GET', totals, users.admin)).body).not.toEqual((await call(app, 'GET', totals, secret)).body);
    expect((await call(app, 'PUT', '/api/user', users.admin, { user: { selectedCompanyId: companyId } })).status).toBe(200);

    // A viewer token reads but cannot write.
    const viewerToken = (await call(app, 'POST', '/api/api-tokens', users.admin, { name: 'BI', role: 'viewer', expiresOn: '2099-12-31' })).body.secret as string;
    expect((await call(app, 'GET', totals, viewerToken)).status).toBe(200);
    expect((await refusedCall(app, 'POST', '/api/user-input-emission', viewerToken, await lineBody('viewer-line', 1))).status).toBe(403);

    // A wrong secret for a real token id, and a malformed token, are 401.
    expect((await call(app, 'GET', totals, `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`)).status).toBe(401);
    expect((await call(app, 'GET', totals, 'ghg_not-a-token')).status).toBe(401);

    // Revoked: refused on the very next call, by both APIs; revoking again changes nothing.
    expect((await refusedCall(app, 'POST', `/api/api-tokens/${created.body.token.id}/revoke`, users.viewer)).status).toBe(403);
    const revoked = await call(app, 'POST', `/api/api-tokens/${created.body.token.id}/revoke`, users.admin);
    expect(revoked.body.token).toMatchObject({ status: 'revoked' });
    expect(revoked.body.token.revokedAt).not.toBeNull();
    expect((await call(app, 'GET', totals, secret)).status).toBe(401);
    expect((await call(app, 'POST', '/api/user-input-emission', secret, await lineBody('after-revoke', 1))).status).toBe(401);
    expect((await refusedCall(app, 'POST', `/api/api-tokens/${created.body.token.id}/revoke`, users.admin)).status).toBe(200);
    await call(app, 'DELETE', '/api/user-input-emission/', users.admin, { deal: { id: 'token-line' } });
  });

  it('a command retried with the same Idempotency-Key appends once and answers the first answer again', async () => {
    const body = await lineBody('idem-line', 250);
    const before = await eventCount();
    const first = await keyed(users.admin, 'erp-2025-10-run-7', 'POST', '/api/user-input-emission', body);
    expect(first.statusCode, first.body).toBe(200);
    const appended = (await eventCount()) - before;
    expect(appended).toBeGreaterThan(0);
    const retry = await keyed(users.admin, 'erp-2025-10-run-7', 'POST', '/api/user-input-emission', body);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(JSON.parse(retry.body)).toEqual(JSON.parse(first.body));
    expect((await eventCount()) - before).toBe(appended);

    // The same key with another request is 422, and appends nothing.
    const other = await keyed(users.admin, 'erp-2025-10-run-7', 'POST', '/api/user-input-emission', { ...body, deal: { ...body.deal, count: 251 } });
    expect(other.statusCode).toBe(422);
    expect(JSON.parse(other.body).code).toBe('idempotency_key_reused');
    expect((await eventCount()) - before).toBe(appended);

    // Keys belong to their caller: another user's same key is their own request, run and not replayed.
    const viewers = await keyed(users.viewer, 'erp-2025-10-run-7', 'PUT', '/api/user', { user: { language: 'ja' } });
    expect([viewers.statusCode, viewers.headers['idempotent-replayed']]).toEqual([200, undefined]);

    // A malformed key is refused before anything runs.
    for (const bad of ['has space', 'x'.repeat(256), 'é']) {
      const res = await keyed(users.admin, bad, 'POST', '/api/user-input-emission', body);
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.parse(res.body).code).toBe('invalid_idempotency_key');
    }
    expect((await eventCount()) - before).toBe(appended);

    // A delete retried: one removal, the same answer.
    const removal = await keyed(users.admin, 'remove-idem-line', 'DELETE', '/api/user-input-emission/', { deal: { id: 'idem-line' } });
    expect(removal.statusCode, removal.body).toBe(200);
    const afterRemoval = await eventCount();
    const removalRetry = await keyed(users.admin, 'remove-idem-line', 'DELETE', '/api/user-input-emission/', { deal: { id: 'idem-line' } });
    expect([removalRetry.statusCode, removalRetry.headers['idempotent-replayed'], removalRetry.body]).toEqual([200, 'true', removal.body]);
    expect(await eventCount()).toBe(afterRemoval);
  });

  it('two concurrent requests with one key append once: the other waits its turn (409) or gets the first answer', async () => {
    const body = await lineBody('idem-race', 40);
    const before = await eventCount();
    const answers = await Promise.all([1, 2, 3].map(() => keyed(users.admin, 'race-key', 'POST', '/api/user-input-emission', body)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const recorded = (await app.infra.eventStore.readAll()).slice(before).filter((e) => (e.data as { dealId?: string }).dealId === 'idem-race');
    expect(recorded.map((e) => e.type)).toEqual(['ActivityLineRecorded']);
    await call(app, 'DELETE', '/api/user-input-emission/', users.admin, { deal: { id: 'idem-race' } });
  });

  it('every command route checks the Idempotency-Key (a malformed one is 400 on each, before its arguments)', async () => {
    const commands: RouteContract[] = apiFeatures
      .flatMap((f) => Object.values(f.routes))
      .filter((r) => r.method !== 'GET' && r.permission !== 'public' && r.permission !== 'websocket');
    expect(commands.length).toBeGreaterThan(40);
    const missed: string[] = [];
    for (const route of commands) {
      const res = await keyed(users.admin, 'not a key', route.method, route.url.replace(/:(\w+)/g, 'x'));
      // Routes an administrator may not call are refused before (403); every other must name the key.
      if (res.statusCode === 403) continue;
      if (JSON.parse(res.body).code !== 'invalid_idempotency_key') missed.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(missed).toEqual([]);
  });
});
