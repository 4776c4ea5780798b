import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { registerStreamOf, SNAPSHOT_EVERY } from '@ghg/command-api';
import { call, describeOnBackends, login, type RunningApp } from './embeddedApp';

/**
 * One stream per entity. A command's cost does not grow with its company's
 * history, commands without an expectedVersion do not fail because another record changed, and
 * the rules that span entities (one rate per fiscal year and currency) still hold, through claim
 * registers, also under concurrent commands.
 */

/** The i-th distinct three-letter currency code (the domain accepts [A-Z]{3}). */
const code = (i: number) => ['X', String.fromCharCode(65 + (Math.floor(i / 26) % 26)), String.fromCharCode(65 + (i % 26))].join('');

describeOnBackends('one stream per entity', (start) => {
  let app: RunningApp;
  let admin: string;
  let companyId: string;
  let eventsRead = 0;

  beforeAll(async () => {
    app = await start();
    admin = await login(app, 'admin@demo.example');
    companyId = (await call(app, 'GET', '/api/auth-user', admin)).body.user.selectedCompanyId;
    // Count every event any command reads from the log.
    const store = app.infra.eventStore;
    const readStream = store.readStream.bind(store);
    store.readStream = async (...args: Parameters<typeof readStream>) => {
      const events = await readStream(...args);
      eventsRead += events.length;
      return events;
    };
  });
  afterAll(async () => {
    await app?.stop();
  });

  const addRate = (fiscalYear: number, currencyUnit: string, rate = 100) => call(app, 'POST', '/api/currency', admin, { fiscalYear, currencyUnit, rate });

  it('a command reads the same number of events after 10 and after 300 other records of its company', async () => {
    // A new rate, then one edit of it, measured: the same own history both times.
    const readsForNewRateEdit = async (unit: string) => {
      const rate = (await addRate(2150, unit)).body.currency;
      eventsRead = 0;
      const res = await call(app, 'POST', '/api/currency', admin, { id: rate.id, fiscalYear: 2150, currencyUnit: unit, rate: 101 });
      expect(res.status).toBe(200);
      return eventsRead;
    };
    for (let i = 0; i < 10; i++) expect((await addRate(2151, code(i))).status).toBe(200);
    const after10 = await readsForNewRateEdit('TGA');
    for (let i = 10; i < 300; i++) expect((await addRate(2151 + Math.floor(i / 100), code(i))).status).toBe(200);
    const after300 = await readsForNewRateEdit('TGB');
    console.log(`events read by one currency edit: ${after10} after 10 other rates, ${after300} after 300`);
    expect(after300).toBe(after10);
  });

  it('concurrent commands on different records of one company all succeed, none refused for another record changing', async () => {
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => addRate(2160, code(i), 100 + i)));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
  });

  it('of concurrent adds of the same fiscal year and currency exactly one wins; the others are 409 currency_rate_exists', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => addRate(2170, 'DUP', 100 + i)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'currency_rate_exists')).toBe(true);
    const rows = await app.infra.db.knex('currency_rates').where({ company_id: companyId, fiscal_year: 2170, currency_unit: 'DUP' });
    expect(rows).toHaveLength(1);
  });

  it('a key given up is free again, and a deleted rate frees its key', async () => {
    const moved = (await addRate(2180, 'OLD')).body.currency;
    expect((await addRate(2180, 'OLD')).status).toBe(409);
    expect((await call(app, 'POST', '/api/currency', admin, { id: moved.id, fiscalYear: 2180, currencyUnit: 'NEW', rate: 1 })).status).toBe(200);
    expect((await addRate(2180, 'OLD')).status).toBe(200);
    expect((await addRate(2180, 'NEW')).status).toBe(409);
    expect((await call(app, 'DELETE', `/api/currency/${moved.id}`, admin)).status).toBe(200);
    expect((await addRate(2180, 'NEW')).status).toBe(200);
  });

  it('a claim whose entity never followed blocks its key for a minute, then lapses', async () => {
    /** What a command leaves when it claimed a key and then failed before appending its rate. */
    const strandedClaim = async (fiscalYear: number, claimedAt: Date) => {
      const register = registerStreamOf(['currencyRate', companyId, String(fiscalYear), 'ORP']);
      const data = { register, owner: `currencyRate-${companyId}-${randomUUID()}`, from: '', to: '', claimedAt: claimedAt.toISOString() };
      const metadata = { actorUserId: null, companyId, tenantId: null, correlationId: 'test', causationId: null, occurredAt: claimedAt.toISOString() };
      await app.infra.eventStore.appendToStream(register, [{ id: randomUUID(), type: 'ClaimRegistered', schemaVersion: 1, data, metadata }]);
    };
    await strandedClaim(2190, new Date());
    expect((await addRate(2190, 'ORP')).body.code).toBe('currency_rate_exists');
    await strandedClaim(2191, new Date(Date.now() - 120_000));
    expect((await addRate(2191, 'ORP')).status).toBe(200);
  });

  it('the section tree, one stream per company, is read from its snapshot: a rename after 300 costs no more than one after 10, give or take a snapshot interval', async () => {
    const sections = (await call(app, 'GET', '/api/company-section', admin)).body.companySections as { id: string; name: string; parentSection: string | null }[];
    const section = sections.find((s) => s.name === '経理部')!;
    const rename = async (i: number) => {
      const res = await call(app, 'POST', '/api/company-section', admin, { section: { id: section.id, name: `経理部 ${i}`, parentSection: section.parentSection } });
      expect(res.status).toBe(200);
    };
    for (let i = 0; i < 10; i++) await rename(i);
    eventsRead = 0;
    await rename(10);
    const after10 = eventsRead;
    for (let i = 11; i < 300; i++) await rename(i);
    eventsRead = 0;
    await rename(300);
    console.log(`events read by one section rename: ${after10} after 10 renames, ${eventsRead} after 300 (snapshot every ${SNAPSHOT_EVERY})`);
    expect(eventsRead).toBeLessThanOrEqual(after10 + SNAPSHOT_EVERY);
  });

  it('another company cannot reach a rate by its id: its stream is named by the caller\'s company', async () => {
    const rate = (await addRate(2195, 'ISO')).body.currency;
    const logistics = await login(app, 'logistics@demo.example');
    const res = await call(app, 'POST', '/api/currency', logistics, { id: rate.id, fiscalYear: 2195, currencyUnit: 'ISO', rate: 1 });
    expect([403, 404]).toContain(res.status);
    expect((await call(app, 'DELETE', `/api/currency/${rate.id}`, logistics)).status).not.toBe(200);
  });
});
