import { afterAll, beforeAll, expect, it } from 'vitest';
import { fiscalYearOf } from '@ghg/domain';
import { allProjections, rebuildProjections } from '@ghg/projector';
import { call, describeOnBackends, loginDemoUsers, type RunningApp } from './embeddedApp';

/**
 * The demo tenant's first start seeds three fiscal years of activity through the deciders: the
 * ledger has lines in every year and in scope 1, 2 and several scope-3 categories, each one audited,
 * and the ledger's totals are the sum of the results stored in the events (a rebuild gives them again).
 */
describeOnBackends('demo activity seed', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  // Every demo company's year starts in April.
  const current = fiscalYearOf(new Date(), 4);
  const years = [current - 2, current - 1, current];

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const ledgerTotals = async () =>
    (await app.infra.db.knex('emission_ledger').select('company_id', 'fiscal_year', 'scope_category', 'basis').count('* as lines').sum('co2e_kg as kg').groupBy('company_id', 'fiscal_year', 'scope_category', 'basis')).map((r) => ({
      key: `${r.company_id} ${r.fiscal_year} ${r.scope_category} ${r.basis ?? ''}`,
      lines: Number(r.lines),
      kg: Number(r.kg),
    }));

  // The viewer reads the demo manufacturer.
  it("the demo manufacturer's ledger has lines in each of the three fiscal years, in scope 1, both scope-2 bases and at least three scope-3 categories", async () => {
    for (const fiscalYear of years) {
      const category = async (scopeId: string, extra: Record<string, unknown> = {}) => {
        const res = await call(app, 'POST', '/api/user-input-table-data', users.viewer, { fiscalYear, scopeId, ...extra });
        expect(res.status).toBe(200);
        return res.body.lines as { fiscalYear: number; co2eKg: number; basis: string | null }[];
      };
      // The current year holds the months already over: from May on, at least one.
      const some = fiscalYear === current && new Date().getUTCMonth() + 1 === 4 ? 0 : 1;
      expect((await category('1')).length, `${fiscalYear} scope 1`).toBeGreaterThanOrEqual(some);
      expect((await category('2', { scope2EmissionIntensityType: 'location' })).length, `${fiscalYear} scope 2 location`).toBeGreaterThanOrEqual(some);
      expect((await category('2', { scope2EmissionIntensityType: 'market' })).length, `${fiscalYear} scope 2 market`).toBeGreaterThanOrEqual(some);
      let scope3 = 0;
      for (const c of ['31', '34', '35', '36', '37']) if ((await category(c)).length > 0) scope3++;
      if (some) expect(scope3, `${fiscalYear} scope-3 categories`).toBeGreaterThanOrEqual(3);
    }
    const full = await call(app, 'POST', '/api/user-input-table-data', users.viewer, { fiscalYear: current - 1, scopeId: '1' });
    // Diesel and city gas, every month of a complete year.
    expect(full.body.lines).toHaveLength(24);
    expect(full.body.lines.every((l: { co2eKg: number }) => l.co2eKg > 0)).toBe(true);
  });

  it('every seeded line is in the audit log, and the ledger totals are the sum of the co2eKg the events store, also after a rebuild', async () => {
    const events = (await app.infra.eventStore.readAll()).filter((e) => e.type === 'ActivityLineRecorded');
    expect(events.length).toBeGreaterThan(300);
    expect(events.length).toBeLessThan(1500);
    const audited = await app.infra.db.knex('audit_log').where({ type: 'ActivityLineRecorded', topic: 'activity/lines' }).count('* as n').first();
    expect(Number(audited!.n)).toBe(events.length);
    const page = await call(app, 'GET', '/api/auditlog?limit=20', users.admin);
    expect((page.body.entries as { type: string }[]).some((e) => e.type === 'ActivityLineRecorded')).toBe(true);

    const sums = new Map<string, { lines: number; kg: number }>();
    for (const e of events) {
      const data = e.data as { companyId: string; scopeCategory: string; calculation: { fiscalYear: number; basis: string | null; co2eKg: number } };
      const key = `${data.companyId} ${data.calculation.fiscalYear} ${data.scopeCategory} ${data.calculation.basis ?? ''}`;
      const sum = sums.get(key) ?? { lines: 0, kg: 0 };
      sums.set(key, { lines: sum.lines + 1, kg: sum.kg + data.calculation.co2eKg });
    }
    const before = await ledgerTotals();
    expect(before).toHaveLength(sums.size);
    for (const row of before) {
      expect(row.lines, row.key).toBe(sums.get(row.key)?.lines);
      expect(row.kg, row.key).toBeCloseTo(sums.get(row.key)!.kg, 3);
    }
    expect(new Set(before.map((r) => r.key.split(' ')[0]))).toHaveProperty('size', 3);

    const ledger = allProjections.find((p) => p.tables.includes('emission_ledger'))!;
    await rebuildProjections({ db: app.infra.db, eventStore: app.infra.eventStore, projections: allProjections, names: [ledger.name] });
    const sort = (rows: { key: string }[]) => [...rows].sort((a, b) => (a.key < b.key ? -1 : 1));
    expect(sort(await ledgerTotals())).toEqual(sort(before));
  });
});
