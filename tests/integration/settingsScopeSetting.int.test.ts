import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, describeOnBackends, loginDemoUsers, refusedCall, type RunningApp } from './embeddedApp';

/** Scope settings (how each kind of activity is calculated) through the whole embedded app. */

interface Section {
  id: string;
  name: string;
}

const fuel = { fuel: '軽油', amount: 120, emissionIntensity: 'jp-shk:fuel.diesel' };

describeOnBackends('scope settings', (start) => {
  let app: RunningApp;
  // One login each (login is rate-limited per address and email).
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  let sections: Section[];

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
    sections = (await call(app, 'GET', '/api/company-section', users.admin)).body.companySections;
    for (const token of [users.viewer, users.logistics]) for (const s of (await call(app, 'GET', '/api/scope-setting', token)).body.scopeSettings) seeded.add(s.id);
    logisticsLastUpdated = (await call(app, 'GET', '/api/scope-setting-last-updated/', users.logistics)).body;
  });
  afterAll(async () => {
    await app?.stop();
  });

  const section = (name: string) => sections.find((s) => s.name === name)!.id;
  const setting = (patch: Record<string, unknown> = {}) => ({ scopeCategory: '1', formulaId: 's1.fuel', section: section('第一工場'), detail: fuel, ...patch });
  const refused = (method: string, url: string, token: string, body?: unknown) => refusedCall(app, method, url, token, body);
  // The settings of the demo's seeded activity are left out: these tests look at their own.
  const seeded = new Set<string>();
  let logisticsLastUpdated: unknown;
  const list = async (token: string, query = '') =>
    ((await call(app, 'GET', `/api/scope-setting${query}`, token)).body.scopeSettings as Record<string, unknown>[]).filter((s) => !seeded.has(s.id as string));

  let first: { id: string; version: number };
  let second: { id: string; version: number };

  it('creates settings (ids generated, or the client’s), answers them as saved, and lists them with section names', async () => {
    const res = await call(app, 'POST', '/api/create-scope-settings', users.admin, {
      scopeSettings: [setting(), setting({ id: 'client-chosen-1', scopeCategory: '2', formulaId: 's2.location', section: section('経理部'), detail: JSON.stringify({ amount: 5000 }), dealId: 'deal-7' })],
    });
    expect(res.status).toBe(200);
    expect(res.body.scopeSettings).toEqual([
      { id: expect.any(String), scopeCategory: '1', formulaId: 's1.fuel', section: section('第一工場'), detail: fuel, dealId: null, version: 0, updatedAt: expect.any(String) },
      // Detail sent as JSON text is stored as the object it spells.
      { id: 'client-chosen-1', scopeCategory: '2', formulaId: 's2.location', section: section('経理部'), detail: { amount: 5000 }, dealId: 'deal-7', version: 0, updatedAt: expect.any(String) },
    ]);
    [first, second] = res.body.scopeSettings;

    expect(await list(users.viewer, '?scopeId=1')).toEqual([
      expect.objectContaining({ id: first.id, detail: fuel, sectionName: '第一工場', sectionDisplayName: '第一工場', version: 0 }),
    ]);
    expect((await list(users.viewer)).map((s) => s.id).sort()).toEqual([first.id, 'client-chosen-1'].sort());
  });

  it('answers when a category was last saved (null when never), at its URL with the trailing slash', async () => {
    const one = await call(app, 'GET', '/api/scope-setting-last-updated/?scopeCategory=1', users.viewer);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ _max: { updatedAt: expect.any(String), scopeCategory: '1' } });
    expect(Date.parse(one.body._max.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call(app, 'GET', '/api/scope-setting-last-updated/?scopeCategory=315', users.viewer)).body).toEqual({ _max: { updatedAt: null, scopeCategory: null } });
    // The greatest category among the company's rows: the demo's seeded activity has a water setting.
    expect((await call(app, 'GET', '/api/scope-setting-last-updated/', users.viewer)).body._max.scopeCategory).toBe('water');
  });

  it('edits by id (the whole record), and a stale expectedVersion is 409 without appending', async () => {
    const detail = { fuel: '灯油', amount: 80 };
    const res = await call(app, 'POST', '/api/edit-scope-settings', users.admin, { scopeSettings: [{ ...setting({ detail }), id: first.id, expectedVersion: first.version }] });
    expect(res.status).toBe(200);
    expect(res.body.scopeSettings).toEqual([expect.objectContaining({ id: first.id, detail, version: 1 })]);
    const stale = await refused('POST', '/api/edit-scope-settings', users.admin, { scopeSettings: [{ ...setting(), id: first.id, expectedVersion: 0 }] });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'version_conflict', fields: ['scopeSettings.0.expectedVersion'] });
    expect((await list(users.viewer, '?scopeId=1'))[0]).toMatchObject({ detail, version: 1 });
  });

  it('an unknown id cannot be edited (404), and every refusal names its row and field', async () => {
    const missing = await refused('POST', '/api/edit-scope-settings', users.admin, { scopeSettings: [{ ...setting(), id: 'no-such-setting' }] });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'scope_setting_not_found', fields: ['scopeSettings.0.id'] });

    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ formulaId: 'no.such-formula' }, 400, 'unknown_formula', 'formulaId'],
      [{ formulaId: 's2.location' }, 400, 'formula_not_in_category', 'formulaId'],
      [{ section: 'not-a-section' }, 400, 'unknown_section', 'section'],
      [{ detail: { colour: 'red' } }, 400, 'unknown_detail_field', 'detail.colour'],
      [{ detail: { amount: 'lots' } }, 400, 'invalid_detail_value', 'detail.amount'],
    ];
    for (const [patch, status, code, field] of cases) {
      const res = await refused('POST', '/api/create-scope-settings', users.admin, { scopeSettings: [setting(), setting(patch)] });
      expect({ status: res.status, body: res.body }).toEqual({ status, body: { code, message: expect.any(String), fields: [`scopeSettings.1.${field}`] } });
    }
  });

  it('is all or nothing: one refused row appends none of the others', async () => {
    const before = await list(users.viewer);
    const res = await refused('POST', '/api/edit-scope-settings', users.admin, {
      scopeSettings: [{ ...setting({ detail: { fuel: 'A重油' } }), id: first.id }, { ...setting({ section: 'not-a-section' }), id: second.id }],
    });
    expect(res.status).toBe(400);
    expect(await list(users.viewer)).toEqual(before);
  });

  it("answers 'Invalid args' (capital I) for a missing category, formula or text section, and for a detail that is not JSON", async () => {
    for (const item of [
      { formulaId: 's1.fuel', section: section('第一工場') },
      { scopeCategory: '1', section: section('第一工場') },
      { scopeCategory: '1', formulaId: 's1.fuel' },
      { scopeCategory: '1', formulaId: 's1.fuel', section: 7 },
      setting({ detail: '{not json' }),
      setting({ detail: JSON.stringify({ a: { b: { c: { d: { e: 1 } } } } }) }),
      setting({ detail: JSON.stringify({ fuel: 'x\u0000' }) }),
    ]) {
      for (const url of ['/api/create-scope-settings', '/api/edit-scope-settings']) {
        const res = await refused('POST', url, users.admin, { scopeSettings: [{ id: first.id, ...item }] });
        expect({ status: res.status, message: res.body.message, code: res.body.code }).toEqual({ status: 400, message: 'Invalid args', code: 'invalid_args' });
      }
    }
    // Other routes keep the lower-case words.
    expect((await refused('POST', '/api/intensity', users.admin, {})).body.message).toBe('invalid args');
  });

  it('a section-scoped editor saves and deletes settings of their sections only; a viewer none', async () => {
    const own = await call(app, 'POST', '/api/create-scope-settings', users.editor, { scopeSettings: [setting({ section: section('第二工場') })] });
    expect(own.status).toBe(200);
    const other = await refused('POST', '/api/create-scope-settings', users.editor, { scopeSettings: [setting({ section: section('経理部') })] });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'section_not_permitted', fields: ['scopeSettings.0.section'] });
    expect((await refused('POST', '/api/edit-scope-settings', users.editor, { scopeSettings: [{ ...setting(), id: second.id }] })).status).toBe(403);
    expect((await refused('DELETE', `/api/scope-setting/${second.id}`, users.editor, {})).status).toBe(403);
    expect((await refused('POST', '/api/create-scope-settings', users.viewer, { scopeSettings: [setting()] })).status).toBe(403);
    const deleted = await call(app, 'DELETE', `/api/scope-setting/${own.body.scopeSettings[0].id}`, users.editor, {});
    expect(deleted.status).toBe(200);
  });

  it("another company's user neither sees nor changes them", async () => {
    expect(await list(users.logistics)).toEqual([]);
    // As the demo seed left it: the first company's saves do not move it.
    expect((await call(app, 'GET', '/api/scope-setting-last-updated/', users.logistics)).body).toEqual(logisticsLastUpdated);
    expect((await refused('DELETE', `/api/scope-setting/${first.id}`, users.logistics, {})).status).toBe(404);
    expect((await refused('POST', '/api/edit-scope-settings', users.logistics, { scopeSettings: [{ ...setting(), id: first.id }] })).status).toBe(404);
    // Creating the same id in their own company is their own record: the first company's stays as it was.
    const sectionOfSecond = (await call(app, 'GET', '/api/company-section', users.logistics)).body.companySections[0].id;
    const own = await call(app, 'POST', '/api/create-scope-settings', users.logistics, { scopeSettings: [setting({ id: 'client-chosen-1', section: sectionOfSecond })] });
    expect(own.status).toBe(200);
    expect((await list(users.viewer)).find((s) => s.id === 'client-chosen-1')).toMatchObject({ scopeCategory: '2', dealId: 'deal-7' });
  });

  describe('delete', () => {
    it('answers the setting as it was; a stale version is 409; a deleted one is 404', async () => {
      const current = (await list(users.viewer, '?scopeId=1')).find((s) => s.id === first.id)!;
      expect((await refused('DELETE', `/api/scope-setting/${first.id}`, users.admin, { expectedVersion: 0 })).status).toBe(409);
      const res = await call(app, 'DELETE', `/api/scope-setting/${first.id}`, users.admin, { expectedVersion: current.version });
      expect(res.status).toBe(200);
      expect(res.body.scopeSetting).toMatchObject({ id: first.id, formulaId: 's1.fuel', version: current.version });
      expect((await list(users.viewer)).some((s) => s.id === first.id)).toBe(false);
      expect((await refused('DELETE', `/api/scope-setting/${first.id}`, users.admin, {})).status).toBe(404);
    });

    it('a section its settings are booked to cannot be deleted (section_has_activity), and nothing is appended; without them it can', async () => {
      const all = sections.find((s) => s.name === '全社')!.id;
      const made = await call(app, 'POST', '/api/company-section', users.admin, { section: { name: `算定用部門-${Date.now()}`, parentSection: all } });
      const sectionId = made.body.companySection.id as string;
      const created = await call(app, 'POST', '/api/create-scope-settings', users.admin, { scopeSettings: [setting({ section: sectionId })] });
      const settingId = created.body.scopeSettings[0].id as string;
      const inUse = await refused('DELETE', `/api/company-section/${sectionId}`, users.admin, {});
      expect({ status: inUse.status, code: inUse.body.code }).toEqual({ status: 400, code: 'section_has_activity' });
      expect((await call(app, 'GET', '/api/company-section', users.admin)).body.companySections.some((s: { id: string }) => s.id === sectionId)).toBe(true);
      expect((await call(app, 'DELETE', `/api/scope-setting/${settingId}`, users.admin, {})).status).toBe(200);
      expect((await call(app, 'DELETE', `/api/company-section/${sectionId}`, users.admin)).status).toBe(200);
    });

    it('records every change in the audit log under scope settings', async () => {
      const res = await call(app, 'GET', '/api/auditlog?limit=200', users.admin);
      expect(res.status).toBe(200);
      const types = (res.body.entries as { type: string; topic: string }[]).filter((e) => e.topic === 'settings/scopeSetting').map((e) => e.type);
      expect(types).toEqual(expect.arrayContaining(['ScopeSettingAdded', 'ScopeSettingChanged', 'ScopeSettingRemoved']));
    });
  });
});
