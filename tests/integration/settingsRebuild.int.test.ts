import { afterAll, beforeAll, expect, it } from 'vitest';
import { allProjections, rebuildProjections } from '@ghg/projector';
import { call, login, startTestApp, type RunningApp } from './embeddedApp';

/** The read models of goals, offsets, certificates, group flags and intensities are disposable: rebuilt from the log, they hold the same rows. */
let app: RunningApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.example');
});
afterAll(async () => {
  await app?.stop();
});

const tables = ['reduction_goals', 'offsets', 'non_fossil_certificates', 'group_flags', 'group_flag_sections', 'intensities', 'management_intensities'];
const names = ['settings/reductionGoal', 'settings/offset', 'settings/nonFossilCertificate', 'settings/groupFlag', 'settings/intensity', 'settings/managementIntensity'];

it('rebuilding the settings projections from zero gives the same rows', async () => {
  const sections = (await call(app, 'GET', '/api/company-section', admin)).body.companySections as { id: string }[];
  const ok = async (method: string, url: string, body: unknown) => {
    const res = await call(app, method, url, admin, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  await ok('POST', '/api/reduction-goal', { reductionGoals: [{ scopeCategory: '1', goalYear: 2030, goalEmission: 540, targetYear: 2013, targetEmission: 1000 }] });
  const offset = await ok('POST', '/api/offset', { type: 'JCM', particularNumberFrom: 'A-1', particularNumberTo: 'A-9', invalidOrRelocationQuantity: 9, invalidOrRelocationDate: '2025-05-01', authType: '無効化' });
  await ok('POST', '/api/offset', { ...offset.offset, invalidOrRelocationQuantity: 8 });
  await ok('POST', '/api/non-fossil-certificate', { certificateType: 'fit', quantityKwh: 10, periodFrom: '2025-04-01', periodTo: '2025-04-30', fiscalYear: 2025, tracking: false });
  const flag = await ok('POST', '/api/group-flag', { name: 'A', sectionIds: [sections[1]!.id, sections[2]!.id] });
  await ok('POST', '/api/group-flag', { id: flag.groupFlag.id, name: 'B', sectionIds: [sections[3]!.id] });
  await ok('POST', '/api/group-flag', { name: 'C', sectionIds: [sections[1]!.id] });
  const intensity = await ok('POST', '/api/intensity', { name: '売上高', unit: '百万円' });
  await ok('POST', '/api/management-intensity', { intensityId: intensity.intensity.id, fiscalYear: 2025, value: 100.25 });

  const snapshot = async () => {
    const out: Record<string, unknown[]> = {};
    for (const t of tables) out[t] = (await app.infra.db.knex(t).select('*')).map((r) => JSON.stringify(r)).sort();
    return out;
  };
  const before = await snapshot();
  expect(before.group_flag_sections).toHaveLength(2);
  const result = await rebuildProjections({ db: app.infra.db, eventStore: app.infra.eventStore, projections: allProjections, names });
  expect(result.projections.sort()).toEqual([...names].sort());
  expect(await snapshot()).toEqual(before);
});
