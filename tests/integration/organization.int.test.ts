import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, login, startTestApp, type RunningApp } from './embeddedApp';

describe('organization: sections, companies, users, password reset', () => {
  let app: RunningApp;
  let admin: string;
  const events = async () => (await app.infra.eventStore.readAll()).length;
  const sections = async () => (await call(app, 'GET', '/api/company-section', admin)).body.companySections as { id: string; name: string; displayName: string; parentSection: string | null }[];

  beforeAll(async () => {
    app = await startTestApp();
    admin = await login(app, 'admin@demo.example');
  });
  afterAll(async () => app?.stop());

  it('creates a section with displayName defaulting to name, re-parents it, and lists 指定なし last', async () => {
    const all = (await sections()).find((s) => s.name === '全社')!;
    const created = await call(app, 'POST', '/api/company-section', admin, { section: { name: '品質保証部', displayName: '', parentSection: all.id } });
    expect(created.status).toBe(200);
    expect(created.body.companySection).toMatchObject({ name: '品質保証部', displayName: '品質保証部', parentSection: all.id });
    const mfg = (await sections()).find((s) => s.name === '製造本部')!;
    const moved = await call(app, 'POST', '/api/company-section', admin, { section: { id: created.body.companySection.id, name: '品質保証部', parentSection: mfg.id } });
    expect(moved.body.companySection.parentSection).toBe(mfg.id);
    const list = await sections();
    expect(list[list.length - 1]!.name).toBe('指定なし');
    expect(list.find((s) => s.name === '品質保証部')!.parentSection).toBe(mfg.id);
  });

  it('refuses deletes with their reasons and appends nothing', async () => {
    const list = await sections();
    const count = await events();
    const mfg = list.find((s) => s.name === '製造本部')!;
    const withChildren = await call(app, 'DELETE', `/api/company-section/${mfg.id}`, admin);
    expect(withChildren).toMatchObject({ status: 400, body: { code: 'section_has_children' } });
    // Its children (the plants) hold the demo's scope settings and activity lines: those block their delete.
    const all = list.find((s) => s.name === '全社')!;
    const children = list.filter((s) => s.parentSection === mfg.id);
    const plants = children.filter((s) => s.name === '第一工場' || s.name === '第二工場');
    expect(plants).toHaveLength(2);
    for (const child of plants) {
      expect(await call(app, 'DELETE', `/api/company-section/${child.id}`, admin)).toMatchObject({ status: 400, body: { code: 'section_has_activity' } });
    }
    // A child without any (the section made above) is deleted.
    const others = children.filter((s) => !plants.includes(s));
    for (const child of others) expect((await call(app, 'DELETE', `/api/company-section/${child.id}`, admin)).status).toBe(200);
    // The demo editor holds a role in 製造本部; with its children moved away, that blocks the delete.
    for (const child of plants) {
      expect((await call(app, 'POST', '/api/company-section', admin, { section: { id: child.id, name: child.name, parentSection: all.id } })).status).toBe(200);
    }
    const withUsers = await call(app, 'DELETE', `/api/company-section/${mfg.id}`, admin);
    expect(withUsers).toMatchObject({ status: 400, body: { code: 'section_has_users' } });
    const reserved = await call(app, 'DELETE', `/api/company-section/${all.id}`, admin);
    expect(reserved.body.code).toBe('reserved_section');
    // Only the deletes that were allowed and the moves were appended.
    expect(await events()).toBe(count + others.length + plants.length);
  });

  it('a cycle is refused', async () => {
    const list = await sections();
    const all = list.find((s) => s.name === '全社')!;
    const mgmt = list.find((s) => s.name === '管理本部')!;
    const res = await call(app, 'POST', '/api/company-section', admin, { section: { id: all.id, name: '全社', parentSection: mgmt.id } });
    expect(res.status).toBe(400);
  });

  it('changes a company\'s region and consolidation; a new company gets the reserved sections', async () => {
    const me = (await call(app, 'GET', '/api/auth-user', admin)).body.user;
    expect((await call(app, 'PUT', '/api/company/region', admin, { companyId: me.selectedCompanyId, region: 'UK' })).body.company.region).toBe('UK');
    expect((await call(app, 'PUT', '/api/company/region', admin, { companyId: me.selectedCompanyId, region: 'Atlantis' })).body.code).toBe('invalid_region');
    const cons = await call(app, 'PUT', '/api/company/consolidation', admin, { companyId: me.selectedCompanyId, equitySharePercent: 51, controlApproach: 'financial' });
    expect(cons.body.company).toMatchObject({ equitySharePercent: 51, controlApproach: 'financial' });
    const added = await call(app, 'POST', '/api/company', admin, { name: 'Demo Korea Co., Ltd.', region: 'Korea' });
    expect(added.status).toBe(200);
    const companies = (await call(app, 'GET', '/api/companies', admin)).body;
    expect(companies.companies.map((c: { name: string }) => c.name)).toContain('Demo Korea Co., Ltd.');
    expect(companies.isAllCompany).toBe(true);
    await call(app, 'PUT', '/api/user', admin, { user: { selectedCompanyId: added.body.company.id } });
    expect((await sections()).map((s) => s.name)).toEqual(['全社', '指定なし']);
    await call(app, 'PUT', '/api/user', admin, { user: { selectedCompanyId: me.selectedCompanyId } });
  });

  it('invites a user, who sets a password through the outbox link and logs in; deactivation locks them out', async () => {
    const me = (await call(app, 'GET', '/api/auth-user', admin)).body.user;
    const created = await call(app, 'POST', '/api/users', admin, { email: 'New.Person@demo.example', name: '新規 利用者', role: 'viewer', companyIds: [me.selectedCompanyId] });
    expect(created.status).toBe(200);
    expect(created.body.user).toMatchObject({ email: 'new.person@demo.example', role: 'viewer', active: true });
    const dup = await call(app, 'POST', '/api/users', admin, { email: 'new.person@demo.example', name: 'x', role: 'viewer', companyIds: [me.selectedCompanyId] });
    expect(dup).toMatchObject({ status: 409, body: { code: 'user_exists' } });

    const mail = await app.infra.db.knex('mail_outbox').where({ recipient: 'new.person@demo.example' }).orderBy('created_at', 'desc').first();
    const link = new URL(String(mail.body).match(/https?:\/\/\S+/)![0]);
    const id = link.searchParams.get('id')!;
    const token = link.searchParams.get('token')!;
    expect((await call(app, 'POST', '/api/password/reset', undefined, { id, token, password: 'short' })).body.code).toBe('password_too_short');
    expect((await call(app, 'POST', '/api/password/reset', undefined, { id, token: 'wrong', password: 'long enough 123' })).body.code).toBe('invalid_reset_token');
    expect((await call(app, 'POST', '/api/password/reset', undefined, { id, token, password: 'long enough 123' })).status).toBe(200);
    expect((await call(app, 'POST', '/api/password/reset', undefined, { id, token, password: 'again again 123' })).body.code).toBe('invalid_reset_token');
    const userToken = await login(app, 'new.person@demo.example', 'long enough 123');
    expect((await call(app, 'GET', '/api/auth-user', userToken)).body.user.role).toBe('viewer');

    expect((await call(app, 'POST', `/api/users/${id}/deactivate`, admin)).body.user.active).toBe(false);
    expect((await call(app, 'GET', '/api/auth-user', userToken)).status).toBe(401);
    expect((await call(app, 'POST', '/api/login', undefined, { email: 'new.person@demo.example', password: 'long enough 123' })).status).toBe(401);
    expect((await call(app, 'POST', `/api/users/${me.id}/deactivate`, admin)).body.code).toBe('cannot_change_own_access');
  });

  it('forgot-password answers the same for known and unknown addresses; only a known one gets mail', async () => {
    const before = Number((await app.infra.db.knex('mail_outbox').count({ n: '*' }).first())!.n);
    expect((await call(app, 'POST', '/api/password/forgot', undefined, { email: 'viewer@demo.example' })).body).toEqual({ ok: true });
    expect((await call(app, 'POST', '/api/password/forgot', undefined, { email: 'ghost@demo.example' })).body).toEqual({ ok: true });
    // The lookup and the mail happen after the answer (so its timing says nothing), within a second.
    const mails = async () => Number((await app.infra.db.knex('mail_outbox').count({ n: '*' }).first())!.n);
    await vi.waitFor(async () => expect(await mails()).toBe(before + 1), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await mails()).toBe(before + 1);
  });

  it('the audit log shows section changes with before and after', async () => {
    const entries = (await call(app, 'GET', '/api/auditlog?limit=100', admin)).body.entries as { type: string; changes: { field: string; before: unknown; after: unknown }[] }[];
    const moved = entries.find((e) => e.type === 'CompanySectionUpdated')!;
    expect(moved.changes.map((c) => c.field)).toEqual(['parentSectionId']);
  });
});
