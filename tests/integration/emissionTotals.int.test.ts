import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fiscalYearOf } from '@ghg/domain';
import { allProjections, rebuildProjections } from '@ghg/projector';
import { call, describeOnBackends, loginDemoUsers, type RunningApp } from './embeddedApp';

/**
 * The views' totals (read model `emission_totals`, `GET /api/emission-totals`) against the
 * emissions ledger itself, on the demo tenant's seeded lines: equal to the gram on both scope-2
 * bases and by every grouping; they follow an import and its undo; a group consolidates by the
 * approach asked, or else by the one the group chose; a rebuild writes the same totals.
 */
const SAMPLES = resolve(import.meta.dirname, '../../docs/samples');

describeOnBackends('emission totals for the views', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  // Every demo company's year starts in April.
  const current = fiscalYearOf(new Date(), 4);
  const from = current - 2;

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const totals = async (query: string, token = users.admin) => {
    const res = await call(app, 'GET', `/api/emission-totals?${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { total: { co2eKg: number; lines: number; withoutBasis: number }; rows: Record<string, string | number>[]; companies: { companyId: string; weight: number }[] };
  };
  /** The ledger's own sum (PostgreSQL's exact numeric, as text), of companies' lines in the years, on a basis, times a weight. */
  const ledgerKg = async (companyIds: string[], fromYear: number, toYear: number, basis: 'location' | 'market', where = 'true', weight = '1') => {
    const column = basis === 'location' ? 'co2e_location_kg' : 'co2e_market_kg';
    const { rows } = await app.infra.db.knex.raw<{ rows: { kg: string | null; lines: string | number }[] }>(
      `select (sum(CASE WHEN scope_category = '2' THEN ${column} ELSE co2e_kg END) * ${weight}::numeric)::text as kg, count(*) as lines
         from emission_ledger where company_id = any(?::text[]) and fiscal_year between ? and ? and (scope_category <> '2' or ${column} is not null) and ${where}`,
      [companyIds, fromYear, toYear],
    );
    return { kg: Number(rows[0]?.kg ?? 0), lines: Number(rows[0]?.lines ?? 0) };
  };
  const selected = async () => (await call(app, 'GET', '/api/auth-user', users.admin)).body.user.selectedCompanyId as string;

  it('the company total equals the ledger to the gram on both bases, and by category, section and month it sums to it', async () => {
    const company = await selected();
    for (const basis of ['location', 'market'] as const) {
      const all = await totals(`fromYear=${from}&toYear=${current}&basis=${basis}`);
      const ledger = await ledgerKg([company], from, current, basis);
      expect(all.total.co2eKg, basis).toBe(ledger.kg);
      expect(all.total.lines).toBeGreaterThan(100);
      for (const dims of ['category', 'section', 'month', 'fiscalYear,scope', 'section,category,month']) {
        const grouped = await totals(`fromYear=${from}&toYear=${current}&basis=${basis}&groupBy=${dims}`);
        expect(grouped.total.co2eKg, dims).toBe(ledger.kg);
        expect(grouped.rows.reduce((n, r) => n + Number(r.lines), 0), dims).toBe(all.total.lines);
        expect(grouped.rows.reduce((kg, r) => kg + Number(r.co2eKg), 0), dims).toBeCloseTo(ledger.kg, 3);
      }
      // Each category's figure is the ledger's, exactly.
      const byCategory = await totals(`fromYear=${current - 1}&basis=${basis}&groupBy=category`);
      for (const row of byCategory.rows) {
        expect(row.co2eKg, `${basis} ${row.scopeCategory}`).toBe((await ledgerKg([company], current - 1, current - 1, basis, `scope_category = '${String(row.scopeCategory)}'`)).kg);
      }
    }
  });

  it('a limit keeps the largest rows, and the total still counts every line', async () => {
    const all = await totals(`fromYear=${from}&toYear=${current}&groupBy=category`);
    const top = await totals(`fromYear=${from}&toYear=${current}&groupBy=category&limit=2`);
    expect(top.rows).toEqual(all.rows.slice(0, 2));
    expect(top.rows[0]!.co2eKg).toBeGreaterThanOrEqual(top.rows[1]!.co2eKg as number);
    expect(top.total).toEqual(all.total);
  });

  it('follows an import and its undo: up by the import’s emissions, then back to the gram', async () => {
    const before = (await totals(`fromYear=2025&groupBy=category`)).total;
    const upload = await app.app.inject({
      method: 'POST',
      url: '/api/import?sourceType=standard&fileName=totals-fixed.csv',
      headers: { authorization: `Bearer ${users.admin}`, 'content-type': 'text/csv' },
      payload: readFileSync(resolve(SAMPLES, 'standard-fixed.csv')),
    });
    const imported = JSON.parse(upload.body) as { status: string; importId: string; created: number; totals: { co2eKg: number } };
    expect(imported.status, upload.body.slice(0, 300)).toBe('success');
    const after = (await totals(`fromYear=2025&groupBy=category`)).total;
    expect(after.lines).toBe(before.lines + imported.created);
    expect(after.co2eKg - before.co2eKg).toBeCloseTo(imported.totals.co2eKg, 6);
    expect(after.co2eKg).toBe((await ledgerKg([await selected()], 2025, 2025, 'location')).kg);

    const undone = await call(app, 'POST', '/api/import/undo', users.admin, { importId: imported.importId });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await totals(`fromYear=2025&groupBy=category`)).total).toEqual(before);
  });

  it('consolidates the group: operational control leaves out a company the group does not run; equity share weighs each by its share', async () => {
    const { companies } = (await call(app, 'GET', '/api/companies', users.admin)).body as { companies: { id: string; version: number }[] };
    expect(companies.length).toBe(3);
    const [a, b, c] = companies.map((x) => x.id) as [string, string, string];
    // b: a joint venture held at 40 %; c: operated, held at 75 %.
    expect((await call(app, 'PUT', '/api/company/consolidation', users.admin, { companyId: b, equitySharePercent: 40, controlApproach: 'equity_share' })).status).toBe(200);
    expect((await call(app, 'PUT', '/api/company/consolidation', users.admin, { companyId: c, equitySharePercent: 75, controlApproach: 'operational' })).status).toBe(200);

    const operational = await totals(`fromYear=${current - 1}&of=group&approach=operational&groupBy=company`);
    expect(operational.rows.map((r) => r.companyId).sort()).toEqual([a, c].sort());
    expect(operational.total.co2eKg).toBe((await ledgerKg([a, c], current - 1, current - 1, 'location')).kg);

    const equity = await totals(`fromYear=${current - 1}&of=group&approach=equity_share&groupBy=company`);
    const kgOf = (id: string) => equity.rows.find((r) => r.companyId === id)?.co2eKg;
    // a keeps the share the demo tenant gave it.
    const shareOfA = equity.companies.find((x) => x.companyId === a)!.weight;
    expect(shareOfA).toBeGreaterThan(0);
    expect(kgOf(a)).toBe((await ledgerKg([a], current - 1, current - 1, 'location', 'true', String(shareOfA))).kg);
    expect(kgOf(b)).toBe((await ledgerKg([b], current - 1, current - 1, 'location', 'true', '0.4')).kg);
    expect(kgOf(c)).toBe((await ledgerKg([c], current - 1, current - 1, 'location', 'true', '0.75')).kg);
    expect(equity.companies.find((x) => x.companyId === b)?.weight).toBe(0.4);
    // The viewer reads the one company they belong to: the group is what they may read.
    const viewer = await totals(`fromYear=${current - 1}&of=group&groupBy=company`, users.viewer);
    expect(viewer.companies.length).toBeLessThan(3);
  });

  it('without an approach, the group is consolidated by the approach the group chose (operational until it chooses)', async () => {
    const query = `fromYear=${current - 1}&of=group&groupBy=company`;
    const asked = async (approach: string) => totals(`${query}&approach=${approach}`);
    const unasked = async () => (await call(app, 'GET', `/api/emission-totals?${query}`, users.admin)).body as Awaited<ReturnType<typeof totals>> & { approach: string };
    const never = await unasked();
    expect(never.approach).toBe('operational');
    expect(never.total).toEqual((await asked('operational')).total);

    const chosen = await call(app, 'POST', '/api/group/consolidation-approach', users.admin, { approach: 'equity_share' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect((await call(app, 'GET', '/api/companies', users.admin)).body.consolidationApproach).toBe('equity_share');
    const byChoice = await unasked();
    const equity = await asked('equity_share');
    expect(byChoice.approach).toBe('equity_share');
    expect(byChoice.total).toEqual(equity.total);
    expect(byChoice.rows).toEqual(equity.rows);
    expect(byChoice.companies).toEqual(equity.companies);
    // The earlier test made the group's figures differ by approach, so the choice is what changed them.
    expect(byChoice.total.co2eKg).not.toBe(never.total.co2eKg);
    // A view may still ask for another approach; the company's own figures have none.
    expect((await asked('operational')).total).toEqual(never.total);
    expect((await call(app, 'GET', `/api/emission-totals?fromYear=${current - 1}`, users.admin)).body.approach).toBeNull();
    expect((await call(app, 'POST', '/api/group/consolidation-approach', users.admin, { approach: 'operational' })).status).toBe(200);
  });

  it('refuses more than ten fiscal years, a range backwards, an unknown dimension and an unknown section', async () => {
    for (const query of [`fromYear=2010&toYear=2020`, `fromYear=2025&toYear=2024`, `fromYear=2025&groupBy=colour`, `fromYear=2025&groupBy=section,section`, `fromYear=2025&sectionId=nope`]) {
      const res = await call(app, 'GET', `/api/emission-totals?${query}`, users.admin);
      expect(res.status, query).toBe(400);
    }
  });

  it('a rebuild of the ledger writes the same totals', async () => {
    const rows = async () => (await app.infra.db.knex('emission_totals').orderBy(['company_id', 'fiscal_year', 'section_id', 'fiscal_month', 'scope_category', 'formula_id'])).map((r) => JSON.stringify(r));
    const before = await rows();
    expect(before.length).toBeGreaterThan(50);
    const ledger = allProjections.find((p) => p.tables.includes('emission_totals'))!;
    await rebuildProjections({ db: app.infra.db, eventStore: app.infra.eventStore, projections: allProjections, names: [ledger.name] });
    expect(await rows()).toEqual(before);
  });
});
