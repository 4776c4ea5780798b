import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, describeOnBackends, refusedCall, login, type RunningApp } from './embeddedApp';

/** Group flags, the intensity master and management intensity through the whole embedded app. */

interface Section {
  id: string;
  name: string;
}

describeOnBackends('group flags and intensities', (start) => {
  let app: RunningApp;
  // One login each: login is rate-limited per address and email.
  let admin: string;
  let editor: string;
  let viewer: string;
  let logistics: string;
  let firstCompany: string;
  let secondCompany: string;
  let sections: Section[];

  beforeAll(async () => {
    app = await start();
    admin = await login(app, 'admin@demo.example');
    editor = await login(app, 'editor@demo.example');
    viewer = await login(app, 'viewer@demo.example');
    logistics = await login(app, 'logistics@demo.example');
    firstCompany = (await call(app, 'GET', '/api/auth-user', admin)).body.user.selectedCompanyId;
    secondCompany = (await call(app, 'GET', '/api/auth-user', logistics)).body.user.selectedCompanyId;
    sections = (await call(app, 'GET', '/api/company-section', admin)).body.companySections;
  });
  afterAll(async () => {
    await app?.stop();
  });

  const refused = (method: string, url: string, token: string, body?: unknown) => refusedCall(app, method, url, token, body);
  const section = (sectionName: string) => sections.find((s) => s.name === sectionName)!.id;
  /** Runs `body` with the group admin switched to the second company. */
  const asAdminOfSecondCompany = async (body: () => Promise<void>) => {
    await call(app, 'PUT', '/api/user', admin, { user: { selectedCompanyId: secondCompany } });
    try {
      await body();
    } finally {
      await call(app, 'PUT', '/api/user', admin, { user: { selectedCompanyId: firstCompany } });
    }
  };

  describe('group flags', () => {
    let flagId: string;

    it('creates a flag with registered organizations; lists it with section names', async () => {
      const res = await call(app, 'POST', '/api/group-flag', admin, { name: '国内工場', sectionIds: [section('第一工場'), section('第二工場')] });
      expect(res.status).toBe(200);
      expect(res.body.groupFlag).toMatchObject({ name: '国内工場', version: expect.any(Number) });
      expect(res.body.groupFlag.sectionIds.sort()).toEqual([section('第一工場'), section('第二工場')].sort());
      flagId = res.body.groupFlag.id;
      const list = (await call(app, 'GET', '/api/group-flag', viewer)).body.groupFlags;
      expect(list).toEqual([
        expect.objectContaining({
          id: flagId,
          name: '国内工場',
          sections: expect.arrayContaining([expect.objectContaining({ id: section('第一工場'), name: '第一工場', displayName: '第一工場' })]),
        }),
      ]);
      expect((await call(app, 'GET', `/api/group-flag/${flagId}`, viewer)).body.groupFlag).toMatchObject({ id: flagId, name: '国内工場' });
      const rows = await app.infra.db.knex('group_flag_sections').where({ flag_id: flagId });
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.company_id === firstCompany)).toBe(true);
    });

    it('a registered organization cannot be deleted (the section-delete command counts group_flag_sections)', async () => {
      const res = await refused('DELETE', `/api/company-section/${section('第一工場')}`, admin);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.body.code).toBe('section_has_flag');
    });

    it('renames a flag keeping its sections, then sets its sections; a stale version is 409', async () => {
      const before = (await call(app, 'GET', `/api/group-flag/${flagId}`, admin)).body.groupFlag;
      const renamed = await call(app, 'POST', '/api/group-flag', admin, { id: flagId, name: '国内拠点', expectedVersion: before.version });
      expect(renamed.status).toBe(200);
      expect(renamed.body.groupFlag).toMatchObject({ id: flagId, name: '国内拠点' });
      expect(renamed.body.groupFlag.sectionIds).toHaveLength(2);
      const stale = await refused('POST', '/api/group-flag', admin, { id: flagId, name: '古い名前', expectedVersion: before.version });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('version_conflict');
      const set = await call(app, 'POST', '/api/group-flag', admin, { id: flagId, name: '国内拠点', sectionIds: [section('経理部')], expectedVersion: renamed.body.groupFlag.version });
      expect(set.body.groupFlag.sectionIds).toEqual([section('経理部')]);
      expect((await app.infra.db.knex('group_flag_sections').where({ flag_id: flagId }).pluck('section_id'))).toEqual([section('経理部')]);
      const audit = (await call(app, 'GET', '/api/auditlog?limit=10', admin)).body.entries as { type: string; changes: unknown[] }[];
      expect(audit.find((e) => e.type === 'GroupFlagRenamed')?.changes).toEqual([{ field: 'name', before: '国内工場', after: '国内拠点' }]);
    });

    it('a second flag of the same name is 409 group_flag_exists; a section of another company is unknown_section', async () => {
      const dup = await refused('POST', '/api/group-flag', admin, { name: '国内拠点' });
      expect(dup.status).toBe(409);
      expect(dup.body.code).toBe('group_flag_exists');
      const otherSections = (await call(app, 'GET', '/api/company-section', logistics)).body.companySections as Section[];
      const foreign = await refused('POST', '/api/group-flag', admin, { name: '海外', sectionIds: [otherSections[0]!.id] });
      expect(foreign.status).toBe(400);
      expect(foreign.body.code).toBe('unknown_section');
    });

    it.each([
      [{}, ['name']],
      [{ name: '  ', sectionIds: 'all' }, ['name', 'sectionIds']],
    ])('save with %o answers 400 invalid args naming %o', async (body, fields) => {
      const res = await refused('POST', '/api/group-flag', admin, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'invalid args', fields });
    });

    it('only admins configure flags: viewers and editors, even whole-company ones, get 403', async () => {
      for (const token of [viewer, editor, logistics]) {
        expect((await refused('POST', '/api/group-flag', token, { name: 'x' })).status).toBe(403);
        expect((await refused('DELETE', `/api/group-flag/${flagId}`, token)).status).toBe(403);
      }
    });

    it("another company never sees the flag, and deleting it from there is 404", async () => {
      expect((await call(app, 'GET', '/api/group-flag', logistics)).body.groupFlags).toEqual([]);
      expect((await call(app, 'GET', `/api/group-flag/${flagId}`, logistics)).status).toBe(404);
      await asAdminOfSecondCompany(async () => {
        const res = await refused('DELETE', `/api/group-flag/${flagId}`, admin);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('group_flag_not_found');
      });
    });

    it('deletes a flag, answering it as it was, and frees its sections', async () => {
      const res = await call(app, 'DELETE', `/api/group-flag/${flagId}`, admin);
      expect(res.status).toBe(200);
      expect(res.body.groupFlag).toMatchObject({ id: flagId, name: '国内拠点' });
      expect(await app.infra.db.knex('group_flag_sections').where({ flag_id: flagId })).toEqual([]);
      expect((await call(app, 'GET', '/api/group-flag', admin)).body.groupFlags).toEqual([]);
      expect((await refused('DELETE', `/api/group-flag/${flagId}`, admin)).status).toBe(404);
    });
  });

  describe('intensity master and management intensity', () => {
    let revenueId: string;
    let valueId: string;

    it('adds an intensity (name and unit) and lists it', async () => {
      const res = await call(app, 'POST', '/api/intensity', admin, { name: '売上高', unit: '百万円' });
      expect(res.status).toBe(200);
      expect(res.body.intensity).toMatchObject({ name: '売上高', unit: '百万円', version: expect.any(Number) });
      revenueId = res.body.intensity.id;
      expect((await call(app, 'GET', '/api/intensity', viewer)).body.intensities).toEqual([{ id: revenueId, name: '売上高', unit: '百万円', version: res.body.intensity.version }]);
      const dup = await refused('POST', '/api/intensity', admin, { name: '売上高', unit: '千円' });
      expect(dup.status).toBe(409);
      expect(dup.body.code).toBe('intensity_exists');
    });

    it.each([
      [{ name: '輸送量' }, ['unit']],
      [{}, ['name', 'unit']],
    ])('intensity save with %o answers 400 invalid args naming %o', async (body, fields) => {
      const res = await refused('POST', '/api/intensity', admin, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'invalid args', fields });
    });

    it('the intensity master is admin-only (403 for viewers and editors)', async () => {
      for (const token of [viewer, editor, logistics]) expect((await refused('POST', '/api/intensity', token, { name: 'x', unit: 'y' })).status).toBe(403);
    });

    it('records a value per intensity and fiscal year, listed with the intensity name and unit', async () => {
      const res = await call(app, 'POST', '/api/management-intensity', admin, { intensityId: revenueId, fiscalYear: 2025, value: '12500' });
      expect(res.status).toBe(200);
      expect(res.body.managementIntensity).toMatchObject({ intensityId: revenueId, fiscalYear: 2025, value: 12500 });
      valueId = res.body.managementIntensity.id;
      const list = await call(app, 'GET', '/api/management-intensity?fiscalYear=2025', viewer);
      expect(list.body.managementIntensities).toEqual([
        { id: valueId, intensityId: revenueId, intensityName: '売上高', unit: '百万円', fiscalYear: 2025, value: 12500, version: res.body.managementIntensity.version },
      ]);
      expect((await call(app, 'GET', '/api/management-intensity?fiscalYear=2024', viewer)).body.managementIntensities).toEqual([]);
      const changed = await call(app, 'POST', '/api/management-intensity', admin, { id: valueId, intensityId: revenueId, fiscalYear: 2025, value: 13000, expectedVersion: res.body.managementIntensity.version });
      expect(changed.body.managementIntensity).toMatchObject({ id: valueId, value: 13000 });
      const stale = await refused('POST', '/api/management-intensity', admin, { id: valueId, intensityId: revenueId, fiscalYear: 2025, value: 1, expectedVersion: res.body.managementIntensity.version });
      expect(stale.status).toBe(409);
    });

    it.each([
      [{ fiscalYear: 2025, value: 1 }, ['intensityId']],
      [{ intensityId: 'x' }, ['fiscalYear', 'value']],
    ])('management-intensity save with %o answers 400 invalid args naming %o', async (body, fields) => {
      const res = await refused('POST', '/api/management-intensity', admin, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'invalid args', fields });
    });

    it.each([
      [{ intensityId: 'nope' }, 400, 'unknown_intensity'],
      [{ value: 0 }, 400, 'invalid_value'],
      [{ fiscalYear: 1850 }, 400, 'invalid_fiscal_year'],
      [{ value: 5 }, 409, 'management_intensity_exists'],
    ])('management-intensity save with %o answers %i %s, appending nothing', async (patch, status, code) => {
      const res = await refused('POST', '/api/management-intensity', admin, { intensityId: revenueId, fiscalYear: 2025, value: 1, ...patch });
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
    });

    it('viewers and section-scoped editors may not record values (403)', async () => {
      for (const token of [viewer, editor]) {
        expect((await refused('POST', '/api/management-intensity', token, { intensityId: revenueId, fiscalYear: 2026, value: 1 })).status).toBe(403);
      }
    });

    it('a whole-company editor records values in their own company; the companies never see each other', async () => {
      let theirIntensity = '';
      await asAdminOfSecondCompany(async () => {
        expect((await call(app, 'GET', '/api/intensity', admin)).body.intensities).toEqual([]);
        expect((await refused('DELETE', `/api/intensity/${revenueId}`, admin)).status).toBe(404);
        theirIntensity = (await call(app, 'POST', '/api/intensity', admin, { name: '輸送量', unit: 'トンキロ' })).body.intensity.id;
      });
      // The first company's intensity is unknown in the second.
      expect((await refused('POST', '/api/management-intensity', logistics, { intensityId: revenueId, fiscalYear: 2025, value: 1 })).body.code).toBe('unknown_intensity');
      const theirs = await call(app, 'POST', '/api/management-intensity', logistics, { intensityId: theirIntensity, fiscalYear: 2025, value: 880000 });
      expect(theirs.status).toBe(200);
      expect((await call(app, 'GET', '/api/management-intensity', logistics)).body.managementIntensities).toEqual([
        expect.objectContaining({ intensityName: '輸送量', unit: 'トンキロ', value: 880000 }),
      ]);
      const ours = (await call(app, 'GET', '/api/management-intensity', admin)).body.managementIntensities as { id: string }[];
      expect(ours.map((v) => v.id)).toEqual([valueId]);
      expect((await refused('DELETE', `/api/management-intensity/${theirs.body.managementIntensity.id}`, admin)).status).toBe(404);
      expect((await refused('DELETE', `/api/management-intensity/${valueId}`, logistics)).status).toBe(404);
    });

    it('an intensity with values cannot be removed; once they are deleted it can', async () => {
      const inUse = await refused('DELETE', `/api/intensity/${revenueId}`, admin);
      expect(inUse.status).toBe(400);
      expect(inUse.body.code).toBe('intensity_in_use');
      const removedValue = await call(app, 'DELETE', `/api/management-intensity/${valueId}`, admin);
      expect(removedValue.status).toBe(200);
      expect(removedValue.body.managementIntensity).toMatchObject({ id: valueId, value: 13000 });
      const removed = await call(app, 'DELETE', `/api/intensity/${revenueId}`, admin);
      expect(removed.status).toBe(200);
      expect(removed.body.intensity).toMatchObject({ id: revenueId, name: '売上高' });
      expect((await call(app, 'GET', '/api/intensity', admin)).body.intensities).toEqual([]);
      expect((await refused('DELETE', `/api/intensity/${revenueId}`, admin)).status).toBe(404);
    });
  });
});
