import { afterAll, beforeAll, expect, it } from 'vitest';
import { canonicalJson, fiscalYearOf } from '@ghg/domain';
import { createHash } from 'node:crypto';
import { call, describeOnBackends, loginDemoUsers, type RunningApp } from './embeddedApp';

/**
 * The 省エネ法 periodic report (issue 16 §4, docs/energy-report.md) against arithmetic done here
 * from the emissions ledger's own quantities with PostgreSQL's exact numerics: electricity kWh ×
 * the fiscal year's GJ/千kWh ÷ 1000, city gas m³ ÷ 1000 × 40.0 GJ/千m³, each line rounded to 6 decimals;
 * kL = GJ × 0.0258. The gaps name the months without electricity; `asOf` goes back before a late line.
 */
describeOnBackends('the 省エネ法 energy report', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  const year = fiscalYearOf(new Date(), 4) - 1;
  type Report = {
    content: { position: string; fiscalYear: number; years: { fiscalYear: number; gj: string; crudeOilKl: string; lines: number; byType: { energyType: string; gj: string; crudeOilKl: string; lines: number }[] }[] };
    sha256: string;
    gaps: { kind: string; fiscalYear: number; months?: number[]; dealIds?: string[] }[];
  };

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const report = async (fiscalYear: number, query = '', token = users.viewer): Promise<Report> => {
    const res = await call(app, 'GET', `/api/reports/energy?fiscalYear=${fiscalYear}${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Report;
  };
  const selected = async () => (await call(app, 'GET', '/api/auth-user', users.admin)).body.user.selectedCompanyId as string;
  const sql = async <T>(text: string, bindings: unknown[]): Promise<T[]> => (await app.infra.db.knex.raw<{ rows: T[] }>(text, bindings as never)).rows;
  const factorFor = (fy: number) => (fy >= 2023 ? '8.64' : '9.76');
  /** The ledger's electricity of the year in GJ: each line's kWh × GJ/千kWh ÷ 1000, rounded to 6 decimals, summed. */
  const electricityGj = async (fy: number) =>
    (
      await sql<{ gj: string; lines: string }>(
        `select coalesce(sum(round(quantity * ${factorFor(fy)} / 1000, 6)), 0)::numeric(30, 6)::text as gj, count(*)::text as lines
           from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = '2' and formula_id in ('s2.location', 's2.market') and unit = 'kWh'`,
        [await selected(), fy],
      )
    )[0]!;
  /** City gas on the SHK set of 2024 (40.0 GJ/千m³, 25 °C, 1 bar): each line's m³ ÷ 1000 × 40.0, rounded to 6 decimals. */
  const cityGasGj = async (fy: number) =>
    (
      await sql<{ gj: string; lines: string }>(
        `select coalesce(sum(round(quantity / 1000 * 40.0, 6)), 0)::numeric(30, 6)::text as gj, count(*)::text as lines
           from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = '1' and unit = 'm3'
            and factor_versions @> '[{"setId": "jp-shk", "version": "2024", "key": "fuel.cityGas"}]'::jsonb`,
        [await selected(), fy],
      )
    )[0]!;
  /** Fuel lines whose factor carries no heating value (the demo's diesel is on a value entered on the line, in kg-CO2/L). */
  const fuelLinesWithoutHeatingValue = async (fy: number) =>
    (
      await sql<{ deal_id: string }>(
        `select deal_id from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = '1' and formula_id in ('s1.fuel', 's1.fuel-heat')
            and not factor_versions::text like '%"fuel.cityGas"%' and not factor_versions::text like '%GJ/%' order by deal_id`,
        [await selected(), fy],
      )
    ).map((r) => r.deal_id);

  it('answers five years with energy equal to the ledger’s quantities × the factors, hashed over its canonical JSON', async () => {
    const { content, sha256 } = await report(year);
    expect(content.years.map((y) => y.fiscalYear)).toEqual([year - 4, year - 3, year - 2, year - 1, year]);
    expect(sha256).toBe(createHash('sha256').update(canonicalJson(content)).digest('hex'));
    const fy = content.years.at(-1)!;
    const electricity = fy.byType.find((t) => t.energyType === 'electricity')!;
    const expected = await electricityGj(year);
    expect(Number(expected.lines)).toBeGreaterThan(0);
    expect(electricity).toMatchObject({ gj: expected.gj, lines: Number(expected.lines) });
    // kL = GJ × 0.0258, rounded to 6 decimals.
    const kl = (await sql<{ kl: string }>(`select round(?::numeric * 0.0258, 6)::text as kl`, [expected.gj]))[0]!.kl;
    expect(electricity.crudeOilKl).toBe(kl);
    const cityGas = await cityGasGj(year);
    expect(Number(cityGas.lines)).toBeGreaterThan(0);
    expect(fy.byType.find((t) => t.energyType === 'cityGas')).toMatchObject({ gj: cityGas.gj, lines: Number(cityGas.lines) });
    // The year's total is the sum of its types.
    const sum = fy.byType.reduce((micro, t) => micro + BigInt(t.gj.replace('.', '')), 0n);
    expect(BigInt(fy.gj.replace('.', ''))).toBe(sum);
    // Same position asked for explicitly: the same answer.
    expect(await report(year, `&asOf=${content.position}`)).toEqual(await report(year));
  });

  it('names the fuel lines whose factor has no heating value, leaving them out of the energy', async () => {
    const { gaps, content } = await report(year);
    const without = await fuelLinesWithoutHeatingValue(year);
    expect(without.length).toBeGreaterThan(0);
    expect(gaps).toContainEqual({ kind: 'fuelWithoutHeatingValue', fiscalYear: year, dealIds: without });
    expect(content.years.at(-1)!.byType.find((t) => t.energyType === 'diesel')).toBeUndefined();
  });

  it('names the months of a year without any electricity line', async () => {
    const current = year + 1;
    const { gaps } = await report(current);
    const months = (
      await sql<{ m: number }>(`select distinct fiscal_month as m from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = '2' and unit = 'kWh' order by 1`, [
        await selected(),
        current,
      ])
    ).map((r) => r.m);
    const anyLines = Number((await sql<{ n: string }>(`select count(*)::text as n from emission_ledger where company_id = ? and fiscal_year = ?`, [await selected(), current]))[0]!.n) > 0;
    const missing = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter((m) => !months.includes(m));
    if (!anyLines) expect(gaps).toContainEqual({ kind: 'yearWithoutLines', fiscalYear: current });
    else if (missing.length > 0) expect(gaps).toContainEqual({ kind: 'monthsWithoutElectricity', fiscalYear: current, months: missing });
    else expect(gaps.filter((g) => g.kind === 'monthsWithoutElectricity' && g.fiscalYear === current)).toEqual([]);
    // A year long before the demo data: every year of the window empty, said so, figures zero.
    const old = await report(1990);
    expect(old.gaps.map((g) => g.kind)).toEqual(['yearWithoutLines', 'yearWithoutLines', 'yearWithoutLines', 'yearWithoutLines', 'yearWithoutLines']);
    expect(old.content.years.every((y) => y.gj === '0.000000')).toBe(true);
  });

  it('a late city-gas line adds 1,000 m³ = 1 千m³ × 40.0 GJ/千m³ = 40 GJ (× 0.0258 = 1.032 kL) now; as of before it, the report is unchanged', async () => {
    const before = await report(year);
    const rows = await sql<{ scope_setting_id: string }>(
      `select scope_setting_id from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = '1' and unit = 'm3'
          and factor_versions @> '[{"setId": "jp-shk", "version": "2024", "key": "fuel.cityGas"}]'::jsonb order by deal_id limit 1`,
      [await selected(), year],
    );
    expect(rows, 'a demo city-gas setting on the SHK 2024 set').toHaveLength(1);
    const recorded = await call(app, 'POST', '/api/user-input-emission', users.admin, {
      deal: { id: 'energy-late-city-gas', count: 1000, countUnit: 'm3', occurrenceDate: `${year}/7/1` },
      scopeSetting: { id: rows[0]!.scope_setting_id, scopeCategory: '1' },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    let after = await report(year);
    for (let i = 0; i < 100 && after.content.position === before.content.position; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await report(year);
    }
    const microOf = (r: Report, type: string, field: 'gj' | 'crudeOilKl') => BigInt((r.content.years.at(-1)!.byType.find((t) => t.energyType === type)?.[field] ?? '0.000000').replace('.', ''));
    expect(microOf(after, 'cityGas', 'gj') - microOf(before, 'cityGas', 'gj')).toBe(40_000_000n);
    // kL is rounded once on the type's sum: the difference is 1.032 kL give or take the last digit.
    const klDiff = microOf(after, 'cityGas', 'crudeOilKl') - microOf(before, 'cityGas', 'crudeOilKl');
    expect(klDiff >= 1_031_999n && klDiff <= 1_032_001n).toBe(true);
    expect(after.sha256).not.toBe(before.sha256);
    expect(await report(year, `&asOf=${before.content.position}`)).toEqual(before);
  });

  it('refuses a position the temporal ledger does not reflect yet', async () => {
    const res = await call(app, 'GET', `/api/reports/energy?fiscalYear=${year}&asOf=999999999999`, users.viewer);
    expect([res.status, res.body.code]).toEqual([409, 'as_of_ahead']);
  });
});
