import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, describeOnBackends, refusedCall, login, type RunningApp } from './embeddedApp';

/** Reduction goals, offsets and non-fossil certificates through the whole embedded app. */

const offsetBody = {
  type: 'J-クレジット',
  particularNumberFrom: 'JP-101-0001-000001',
  particularNumberTo: 'JP-101-0001-000100',
  invalidOrRelocationQuantity: 100,
  invalidOrRelocationDate: '2025-06-30',
  authType: '無効化',
};
const certificateBody = {
  certificateType: 'non_fit_renewable',
  quantityKwh: 1_000_000,
  periodFrom: '2025-04-01',
  periodTo: '2025-06-30',
  fiscalYear: 2025,
  tracking: true,
  powerSource: 'solar',
  generatorName: 'デモ太陽光発電所',
  generatorLocation: '千葉県',
};

describeOnBackends('reduction goals, offsets, non-fossil certificates', (start) => {
  let app: RunningApp;
  // One login each: login is rate-limited per address and email.
  let admin: string;
  let editor: string;
  let viewer: string;
  let logistics: string;

  beforeAll(async () => {
    app = await start();
    admin = await login(app, 'admin@demo.example');
    editor = await login(app, 'editor@demo.example');
    viewer = await login(app, 'viewer@demo.example');
    logistics = await login(app, 'logistics@demo.example');
  });
  afterAll(async () => {
    await app?.stop();
  });

  const eventCount = async () => (await app.infra.eventStore.readAll()).length;
  const refused = (method: string, url: string, token: string, body?: unknown) => refusedCall(app, method, url, token, body);

  describe('reduction goals', () => {
    it('a year without goals shows the 17 blank defaults, unsaved (GET writes nothing)', async () => {
      const count = await eventCount();
      const res = await call(app, 'GET', '/api/reduction-goal?goalYear=2030', viewer);
      expect(res.status).toBe(200);
      expect(res.body.reductionGoals).toHaveLength(17);
      expect(res.body.reductionGoals[0]).toEqual({
        id: null,
        scopeCategory: '1',
        name: 'スコープ1',
        goalYear: 2030,
        goalEmission: 0,
        targetYear: 0,
        targetEmission: 0,
        goalEmissionPercentage: 0,
        version: -1,
        isDefault: true,
      });
      expect(res.body.reductionGoals.map((g: { name: string }) => g.name).at(-1)).toBe('スコープ3カテゴリ15');
      expect(await eventCount()).toBe(count);
    });

    it('the first save of a year stores the whole set; the percentage follows from the base', async () => {
      const res = await call(app, 'POST', '/api/reduction-goal', admin, {
        reductionGoals: [{ id: null, scopeCategory: '1', goalYear: 2030, goalEmission: 540, targetYear: 2013, targetEmission: 1000 }],
      });
      expect(res.status).toBe(200);
      expect(res.body.reductionGoals).toHaveLength(17);
      expect(res.body.reductionGoals[0]).toMatchObject({ scopeCategory: '1', name: 'スコープ1', goalEmission: 540, goalEmissionPercentage: 46, isDefault: false });
      const list = await call(app, 'GET', '/api/reduction-goal?goalYear=2030', viewer);
      expect(list.body.reductionGoals).toHaveLength(17);
      expect(list.body.reductionGoals.every((g: { id: string; isDefault: boolean }) => g.id && !g.isDefault)).toBe(true);
      expect(list.body.reductionGoals[0]).toMatchObject({ goalEmission: 540, targetYear: 2013, targetEmission: 1000, goalEmissionPercentage: 46 });
    });

    it('changes a goal by id (from a percentage); a stale version is 409 and appends nothing', async () => {
      const [scope2] = (await call(app, 'GET', '/api/reduction-goal?goalYear=2030', admin)).body.reductionGoals.filter((g: { scopeCategory: string }) => g.scopeCategory === '2');
      const body = { id: scope2.id, scopeCategory: '2', goalYear: 2030, goalEmissionPercentage: 50, targetYear: 2013, targetEmission: 800, expectedVersion: scope2.version };
      const saved = await call(app, 'POST', '/api/reduction-goal', admin, { reductionGoals: [body] });
      expect(saved.status).toBe(200);
      const after = saved.body.reductionGoals.find((g: { id: string }) => g.id === scope2.id);
      expect(after).toMatchObject({ goalEmission: 400, goalEmissionPercentage: 50 });
      expect(after.version).toBeGreaterThan(scope2.version);
      const stale = await refused('POST', '/api/reduction-goal', admin, { reductionGoals: [{ ...body, goalEmissionPercentage: 60 }] });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('version_conflict');
    });

    it('a second goal for a year and category is 409 reduction_goal_exists, naming the row', async () => {
      const res = await refused('POST', '/api/reduction-goal', admin, {
        reductionGoals: [
          { scopeCategory: '3', goalYear: 2030, goalEmission: 1, targetYear: 0, targetEmission: 0 },
          { scopeCategory: '31', goalYear: 2030, goalEmission: 1, targetYear: 0, targetEmission: 0 },
        ],
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'reduction_goal_exists', fields: ['reductionGoals.1'] });
    });

    it('a goal inconsistent with its percentage is refused with a code', async () => {
      const res = await refused('POST', '/api/reduction-goal', admin, {
        reductionGoals: [{ scopeCategory: '1', goalYear: 2031, goalEmission: 540, goalEmissionPercentage: 30, targetYear: 2013, targetEmission: 1000 }],
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'inconsistent_goal_percentage', fields: ['reductionGoals.0'] });
    });

    it.each([
      [{}, ['reductionGoals']],
      [{ reductionGoals: [] }, ['reductionGoals']],
      [{ reductionGoals: [{ goalEmission: 1, targetYear: 0, targetEmission: 0 }] }, ['reductionGoals.0.scopeCategory', 'reductionGoals.0.goalYear']],
      [{ reductionGoals: [{ scopeCategory: '1', goalYear: 2031, targetYear: 0, targetEmission: 0 }] }, ['reductionGoals.0.goalEmission', 'reductionGoals.0.goalEmissionPercentage']],
    ])('save with %o answers 400 invalid args naming %o, appending nothing', async (body, fields) => {
      const res = await refused('POST', '/api/reduction-goal', admin, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('invalid args');
      expect(res.body.fields).toEqual(fields);
    });

    it('viewers and section-scoped editors may read but not write (403, nothing appended)', async () => {
      const body = { reductionGoals: [{ scopeCategory: '1', goalYear: 2032, goalEmission: 1, targetYear: 0, targetEmission: 0 }] };
      for (const token of [viewer, editor]) {
        expect((await call(app, 'GET', '/api/reduction-goal?goalYear=2030', token)).status).toBe(200);
        expect((await refused('POST', '/api/reduction-goal', token, body)).status).toBe(403);
        expect((await refused('DELETE', '/api/reduction-goal/whatever', token)).status).toBe(403);
      }
    });

    it("a whole-company editor writes in their company; other companies never see it, and cannot delete it (404)", async () => {
      const res = await call(app, 'POST', '/api/reduction-goal', logistics, {
        reductionGoals: [{ scopeCategory: '2', goalYear: 2030, goalEmission: 5, targetYear: 0, targetEmission: 0 }],
      });
      expect(res.status).toBe(200);
      const theirs = res.body.reductionGoals.find((g: { scopeCategory: string }) => g.scopeCategory === '2');
      expect(theirs.goalEmission).toBe(5);
      const ours = (await call(app, 'GET', '/api/reduction-goal?goalYear=2030', admin)).body.reductionGoals;
      expect(ours.some((g: { id: string }) => g.id === theirs.id)).toBe(false);
      expect(ours.find((g: { scopeCategory: string }) => g.scopeCategory === '2').goalEmission).toBe(400);
      const del = await refused('DELETE', `/api/reduction-goal/${theirs.id}`, admin);
      expect(del.status).toBe(404);
      expect(del.body.code).toBe('reduction_goal_not_found');
    });

    it('deletes a goal, answering it as it was; deleting it again is 404', async () => {
      const goals = (await call(app, 'GET', '/api/reduction-goal?goalYear=2030', admin)).body.reductionGoals;
      const scope1 = goals.find((g: { scopeCategory: string }) => g.scopeCategory === '1');
      const res = await call(app, 'DELETE', `/api/reduction-goal/${scope1.id}`, admin);
      expect(res.status).toBe(200);
      expect(res.body.reductionGoal).toMatchObject({ id: scope1.id, goalEmission: 540, name: 'スコープ1' });
      expect((await call(app, 'GET', '/api/reduction-goal?goalYear=2030', admin)).body.reductionGoals).toHaveLength(16);
      expect((await refused('DELETE', `/api/reduction-goal/${scope1.id}`, admin)).status).toBe(404);
    });

    it('the audit log shows goal changes with before and after', async () => {
      const entries = (await call(app, 'GET', '/api/auditlog?limit=100', admin)).body.entries as { type: string; topic: string; changes: { field: string; before: unknown; after: unknown }[] }[];
      const changed = entries.find((e) => e.type === 'ReductionGoalChanged');
      expect(changed?.topic).toBe('settings/reductionGoal');
      expect(changed?.changes).toContainEqual({ field: 'goalEmissionPercentage', before: 0, after: 50 });
    });
  });

  describe('offsets', () => {
    let offsetId: string;

    it('registers, lists and changes an offset; an update keeps the id', async () => {
      const added = await call(app, 'POST', '/api/offset', admin, offsetBody);
      expect(added.status).toBe(200);
      expect(added.body.offset).toMatchObject({ ...offsetBody, version: expect.any(Number) });
      offsetId = added.body.offset.id;
      expect((await call(app, 'GET', '/api/offset', viewer)).body.offsets).toEqual([expect.objectContaining({ id: offsetId, ...offsetBody })]);
      const changed = await call(app, 'POST', '/api/offset', admin, { ...offsetBody, id: offsetId, invalidOrRelocationQuantity: '90.5', expectedVersion: added.body.offset.version });
      expect(changed.status).toBe(200);
      expect(changed.body.offset).toMatchObject({ id: offsetId, invalidOrRelocationQuantity: 90.5 });
      const stale = await refused('POST', '/api/offset', admin, { ...offsetBody, id: offsetId, invalidOrRelocationQuantity: 80, expectedVersion: added.body.offset.version });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('version_conflict');
    });

    it('the same credits cannot be registered twice (409 offset_serial_overlap)', async () => {
      const res = await refused('POST', '/api/offset', admin, { ...offsetBody, particularNumberFrom: 'JP-101-0001-000050', particularNumberTo: 'JP-101-0001-000150' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('offset_serial_overlap');
    });

    it.each([
      [{}, ['type', 'particularNumberFrom', 'particularNumberTo', 'invalidOrRelocationQuantity', 'invalidOrRelocationDate', 'authType']],
      [{ ...offsetBody, authType: undefined }, ['authType']],
      [{ ...offsetBody, type: '  ' }, ['type']],
      [{ ...offsetBody, invalidOrRelocationQuantity: null }, ['invalidOrRelocationQuantity']],
    ])('save with %o answers 400 invalid args naming %o, appending nothing', async (body, fields) => {
      const res = await refused('POST', '/api/offset', admin, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'invalid args', code: 'invalid_args', fields });
    });

    it.each([
      [{ invalidOrRelocationDate: '2025-02-30' }, 'invalid_date'],
      [{ invalidOrRelocationQuantity: 0 }, 'invalid_quantity'],
      [{ particularNumberFrom: 'JP-101-0001-000200', particularNumberTo: 'JP-101-0001-000100' }, 'invalid_serial_range'],
    ])('save with %o is refused with %s', async (patch, code) => {
      const res = await refused('POST', '/api/offset', admin, { ...offsetBody, particularNumberFrom: 'X-1', particularNumberTo: 'X-2', ...patch });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    });

    it('viewers and section-scoped editors are refused (403); another company neither sees nor deletes it (404)', async () => {
      for (const token of [viewer, editor]) {
        expect((await refused('POST', '/api/offset', token, { ...offsetBody, particularNumberFrom: 'Y-1', particularNumberTo: 'Y-2' })).status).toBe(403);
        expect((await refused('DELETE', `/api/offset/${offsetId}`, token)).status).toBe(403);
      }
      expect((await call(app, 'GET', '/api/offset', logistics)).body.offsets).toEqual([]);
      const del = await refused('DELETE', `/api/offset/${offsetId}`, logistics);
      expect(del.status).toBe(404);
      expect(del.body.code).toBe('offset_not_found');
    });

    it('deletes an offset, answering it as it was; again is 404', async () => {
      const res = await call(app, 'DELETE', `/api/offset/${offsetId}`, admin);
      expect(res.status).toBe(200);
      expect(res.body.offset).toMatchObject({ id: offsetId, invalidOrRelocationQuantity: 90.5 });
      expect((await call(app, 'GET', '/api/offset', admin)).body.offsets).toEqual([]);
      expect((await refused('DELETE', `/api/offset/${offsetId}`, admin)).status).toBe(404);
    });
  });

  describe('non-fossil certificates', () => {
    let certificateId: string;

    it('registers, lists by fiscal year and changes a certificate', async () => {
      const added = await call(app, 'POST', '/api/non-fossil-certificate', admin, certificateBody);
      expect(added.status).toBe(200);
      expect(added.body.nonFossilCertificate).toMatchObject({ ...certificateBody, renewable: true });
      certificateId = added.body.nonFossilCertificate.id;
      expect((await call(app, 'GET', '/api/non-fossil-certificate?fiscalYear=2025', viewer)).body.nonFossilCertificates).toEqual([
        expect.objectContaining({ id: certificateId, quantityKwh: 1_000_000, tracking: true, powerSource: 'solar' }),
      ]);
      expect((await call(app, 'GET', '/api/non-fossil-certificate?fiscalYear=2024', viewer)).body.nonFossilCertificates).toEqual([]);
      const changed = await call(app, 'POST', '/api/non-fossil-certificate', admin, {
        id: certificateId,
        certificateType: 'fit',
        quantityKwh: 2_000_000,
        periodFrom: '2025-04-01',
        periodTo: '2026-03-31',
        fiscalYear: 2025,
        tracking: false,
        expectedVersion: added.body.nonFossilCertificate.version,
      });
      expect(changed.status).toBe(200);
      expect(changed.body.nonFossilCertificate).toMatchObject({ id: certificateId, certificateType: 'fit', tracking: false, powerSource: null, generatorName: null });
      const stale = await refused('POST', '/api/non-fossil-certificate', admin, { ...certificateBody, id: certificateId, expectedVersion: added.body.nonFossilCertificate.version });
      expect(stale.status).toBe(409);
    });

    it.each([
      [{ ...certificateBody, tracking: undefined, quantityKwh: undefined }, ['quantityKwh', 'tracking']],
      [{ ...certificateBody, periodFrom: '' }, ['periodFrom']],
    ])('save with %o answers 400 invalid args naming %o', async (body, fields) => {
      const res = await refused('POST', '/api/non-fossil-certificate', admin, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'invalid args', fields });
    });

    it.each([
      [{ periodFrom: '2025-07-01' }, 'invalid_period'],
      [{ certificateType: 'green' }, 'invalid_certificate_type'],
      [{ tracking: false }, 'attributes_need_tracking'],
      [{ powerSource: 'nuclear' }, 'power_source_not_renewable'],
    ])('save with %o is refused with %s', async (patch, code) => {
      const res = await refused('POST', '/api/non-fossil-certificate', admin, { ...certificateBody, ...patch });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    });

    it('viewers and section-scoped editors are refused (403); another company neither sees nor deletes it (404)', async () => {
      for (const token of [viewer, editor]) expect((await refused('POST', '/api/non-fossil-certificate', token, certificateBody)).status).toBe(403);
      expect((await call(app, 'GET', '/api/non-fossil-certificate', logistics)).body.nonFossilCertificates).toEqual([]);
      expect((await refused('DELETE', `/api/non-fossil-certificate/${certificateId}`, logistics)).status).toBe(404);
    });

    it('deletes a certificate, answering it as it was; again is 404', async () => {
      const res = await call(app, 'DELETE', `/api/non-fossil-certificate/${certificateId}`, admin);
      expect(res.status).toBe(200);
      expect(res.body.nonFossilCertificate).toMatchObject({ id: certificateId, quantityKwh: 2_000_000 });
      expect((await call(app, 'GET', '/api/non-fossil-certificate', admin)).body.nonFossilCertificates).toEqual([]);
      const again = await refused('DELETE', `/api/non-fossil-certificate/${certificateId}`, admin);
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('non_fossil_certificate_not_found');
    });
  });
});
