import { afterAll, beforeAll, expect, it } from 'vitest';
import { canonicalJson, fiscalYearOf } from '@ghg/domain';
import { createHash } from 'node:crypto';
import { call, describeOnBackends, loginDemoUsers, type RunningApp } from './embeddedApp';

/**
 * The 温対法 SHK report (issue 16 §4, docs/shk-report.md) against sums done here by PostgreSQL over
 * the emissions ledger: energy-origin CO2 = the fuel lines' CO2e + scope 2 on its location-based
 * (basic) or market-based (adjusted) figure; an SF6 line is its own gas; t = trunc(kg ÷ 1000). The
 * certificates and credits of the year are deducted as separate lines, read as of the same position
 * as the lines: as of before they were entered, the report is what it was.
 */
describeOnBackends('the 温対法 SHK report', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  let companyId: string;
  const year = fiscalYearOf(new Date(), 4) - 1;
  type Figure = { kg: string; t: string };
  type Report = {
    content: {
      position: string;
      energyCo2: { fuel: Figure & { lines: number }; purchasedBasic: Figure & { lines: number }; purchasedAdjusted: Figure & { lines: number }; basic: Figure; adjusted: Figure };
      gases: (Figure & { gas: string; lines: number })[];
      basic: Figure & { complete: boolean };
      adjusted: Figure & { beforeAdjustmentsKg: string; complete: boolean };
      adjustments: (Figure & { kind: string; quantity: string; records: number; capped: boolean })[];
      certificateFactor: { kgPerKwh: string; lines: number; kwh: string } | null;
      offsets: { type: string; counted: string | null; reason: string | null }[];
      thresholds: { energy: { crudeOilKl: string; met: boolean; complete: boolean }; gases: { gas: string; t: string; met: boolean }[] };
      classification: { rule: string; formulaId: string; lines: number }[];
    };
    sha256: string;
    gaps: { kind: string; dealIds?: string[]; months?: number[] }[];
  };

  const ok = async (method: string, url: string, body?: unknown) => {
    const res = await call(app, method, url, users.admin, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const report = async (query = ''): Promise<Report> => {
    const res = await call(app, 'GET', `/api/reports/shk?fiscalYear=${year}${query}`, users.viewer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Report;
  };
  const sql = async <T>(text: string, bindings: unknown[]): Promise<T> => (await app.infra.db.knex.raw<{ rows: T[] }>(text, bindings as never)).rows[0]!;
  /** The ledger's sums of the year (numeric, exact), and each in t with the fraction truncated. */
  const ledger = () =>
    sql<{ fuel: string; fuel_t: string; fuel_lines: string; loc: string; loc_t: string; mkt: string; mkt_t: string; s2_lines: string; sf6: string; sf6_t: string; kwh: string; loc_kwh: string }>(
      `select coalesce(sum(co2e_kg) filter (where scope_category = '1' and formula_id in ('s1.fuel', 's1.fuel-heat')), 0)::numeric(30, 6)::text as fuel,
              trunc(coalesce(sum(co2e_kg) filter (where scope_category = '1' and formula_id in ('s1.fuel', 's1.fuel-heat')), 0) / 1000)::text as fuel_t,
              count(*) filter (where scope_category = '1' and formula_id in ('s1.fuel', 's1.fuel-heat'))::text as fuel_lines,
              coalesce(sum(co2e_location_kg) filter (where scope_category = '2'), 0)::numeric(30, 6)::text as loc,
              trunc(coalesce(sum(co2e_location_kg) filter (where scope_category = '2'), 0) / 1000)::text as loc_t,
              coalesce(sum(co2e_market_kg) filter (where scope_category = '2'), 0)::numeric(30, 6)::text as mkt,
              trunc(coalesce(sum(co2e_market_kg) filter (where scope_category = '2'), 0) / 1000)::text as mkt_t,
              count(*) filter (where scope_category = '2')::text as s2_lines,
              coalesce(sum(co2e_kg) filter (where formula_id = 's1.gas' and (gases->>'SF6') is not null), 0)::numeric(30, 6)::text as sf6,
              trunc(coalesce(sum(co2e_kg) filter (where formula_id = 's1.gas' and (gases->>'SF6') is not null), 0) / 1000)::text as sf6_t,
              coalesce(sum(quantity) filter (where scope_category = '2' and unit = 'kWh' and co2e_location_kg is not null), 0)::text as kwh,
              coalesce(sum(co2e_location_kg) filter (where scope_category = '2' and unit = 'kWh' and co2e_location_kg is not null), 0)::text as loc_kwh
         from emission_ledger where company_id = ? and fiscal_year = ?`,
      [companyId, year],
    );
  const add = (a: string, b: string) => sql<{ v: string }>(`select (?::numeric + ?::numeric)::numeric(30, 6)::text as v`, [a, b]).then((r) => r.v);
  const truncT = (kg: string) => sql<{ v: string }>(`select trunc(?::numeric / 1000)::text as v`, [kg]).then((r) => r.v);

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
    companyId = (await ok('GET', '/api/auth-user')).user.selectedCompanyId as string;
    // An SF6 leak of the year: 2 kg × 25,200 (AR6) = 50,400 kg of SF6 as CO2e.
    const sections = (await ok('GET', '/api/company-section')).companySections as { id: string; name: string }[];
    const setting = (await ok('POST', '/api/create-scope-settings', { scopeSettings: [{ scopeCategory: '1', formulaId: 's1.gas', section: sections.find((s) => s.name === '第一工場')!.id, detail: { ghgType: 'SF6', gas: 'SF6' } }] })).scopeSettings[0].id as string;
    expect((await ok('POST', '/api/user-input-emission', { deal: { id: 'shk-sf6', count: 2, countUnit: 'kg', occurrenceDate: `${year}-08-01` }, scopeSetting: { id: setting } })).line.co2eKg).toBe(50400);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('energy-origin CO2 and SF6 are the ledger’s sums, basic on the location-based and adjusted on the market-based scope 2, in t truncated; hashed over its canonical JSON', async () => {
    const { content, sha256 } = await report();
    const l = await ledger();
    expect(Number(l.fuel_lines)).toBeGreaterThan(0);
    expect(Number(l.s2_lines)).toBeGreaterThan(0);
    expect(content.energyCo2.fuel).toEqual({ lines: Number(l.fuel_lines), kg: l.fuel, t: l.fuel_t });
    expect(content.energyCo2.purchasedBasic).toMatchObject({ kg: l.loc, t: l.loc_t });
    expect(content.energyCo2.purchasedAdjusted).toMatchObject({ kg: l.mkt, t: l.mkt_t });
    const basicEnergy = await add(l.fuel, l.loc);
    expect(content.energyCo2.basic).toEqual({ kg: basicEnergy, t: await truncT(basicEnergy) });
    expect(content.gases.find((g) => g.gas === 'sf6')).toEqual({ gas: 'sf6', lines: 1, kg: '50400.000000', t: '50' });
    expect(l.sf6).toBe('50400.000000');
    // 基礎排出量 = energy-origin CO2 (basic) + SF6; the demo has no other gas.
    const basic = await add(basicEnergy, l.sf6);
    expect(content.basic).toEqual({ kg: basic, t: await truncT(basic), complete: true });
    expect(content.gases.filter((g) => !['energyCo2', 'sf6'].includes(g.gas)).every((g) => g.kg === '0.000000')).toBe(true);
    // No certificate nor credit yet: adjusted = energy-origin CO2 (adjusted) + SF6.
    const adjusted = await add(await add(l.fuel, l.mkt), l.sf6);
    expect(content.adjusted).toEqual({ beforeAdjustmentsKg: adjusted, kg: adjusted, t: await truncT(adjusted), complete: true });
    expect(content.adjustments).toEqual([]);
    expect(sha256).toBe(createHash('sha256').update(canonicalJson(content)).digest('hex'));
    expect(content.classification.find((c) => c.formulaId === 's1.gas')).toEqual({ rule: 'gasByGroup', scopeCategory: '1', formulaId: 's1.gas', lines: 1 });
  });

  it('the energy threshold uses the 省エネ法 report’s kL of the year, and says it is incomplete where that report names lines without heating value', async () => {
    const { content, gaps } = await report();
    const energy = (await ok('GET', `/api/reports/energy?fiscalYear=${year}`)) as { content: { years: { crudeOilKl: string }[] }; gaps: { kind: string; fiscalYear: number; dealIds?: string[] }[] };
    expect(content.thresholds.energy.crudeOilKl).toBe(energy.content.years.at(-1)!.crudeOilKl);
    expect(content.thresholds.energy.met).toBe(Number(content.thresholds.energy.crudeOilKl) >= 1500);
    const noHv = energy.gaps.find((g) => g.kind === 'fuelWithoutHeatingValue' && g.fiscalYear === year);
    expect(content.thresholds.energy.complete).toBe(!noHv);
    if (noHv) expect(gaps).toContainEqual({ kind: 'energyIncomplete', reason: 'fuelWithoutHeatingValue', dealIds: noHv.dealIds });
    // SF6 50 t is under the 3,000 t threshold; the SF6 line is on AR6, not SHK's GWP list: named.
    expect(content.thresholds.gases.find((g) => g.gas === 'sf6')).toEqual({ gas: 'sf6', t: '50', thresholdT: '3000', met: false });
    expect(gaps.some((g) => g.kind === 'gwpSetNotShk')).toBe(true);
  });

  it('deducts the year’s certificates (kWh × the lines’ grid average) and accepted credits, each a line; as of before them the report is unchanged', async () => {
    const before = await report();
    await ok('POST', '/api/non-fossil-certificate', { certificateType: 'non_fit_renewable', quantityKwh: 10000, periodFrom: `${year}-04-01`, periodTo: `${year}-09-30`, fiscalYear: year, tracking: false });
    await ok('POST', '/api/non-fossil-certificate', { certificateType: 'fit', quantityKwh: 99000, periodFrom: `${year - 1}-04-01`, periodTo: `${year - 1}-09-30`, fiscalYear: year - 1, tracking: false });
    await ok('POST', '/api/offset', { type: 'J-クレジット', particularNumberFrom: 'SHK-0001', particularNumberTo: 'SHK-0025', invalidOrRelocationQuantity: 2.5, invalidOrRelocationDate: `${year}-09-30`, authType: '無効化' });
    await ok('POST', '/api/offset', { type: 'VCS', particularNumberFrom: 'VCS-1', particularNumberTo: 'VCS-9', invalidOrRelocationQuantity: 9, invalidOrRelocationDate: `${year}-10-31`, authType: '無効化' });
    await ok('POST', '/api/offset', { type: 'JCM', particularNumberFrom: 'JCM-1', particularNumberTo: 'JCM-4', invalidOrRelocationQuantity: 4, invalidOrRelocationDate: `${year + 1}-04-01`, authType: '無効化' });
    let after = await report();
    for (let i = 0; i < 100 && after.content.adjustments.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await report();
    }
    const l = await ledger();
    // 10,000 kWh × (Σ location kg ÷ Σ kWh of the year's electricity lines), rounded to 6 decimals.
    const certificateKg = (await sql<{ v: string }>(`select round(10000 * ?::numeric / ?::numeric, 6)::text as v`, [l.loc_kwh, l.kwh])).v;
    expect(after.content.certificateFactor).toMatchObject({ kgPerKwh: (await sql<{ v: string }>(`select round(?::numeric / ?::numeric, 6)::text as v`, [l.loc_kwh, l.kwh])).v });
    expect(after.content.adjustments.map((a) => [a.kind, a.quantity, a.kg, a.records, a.capped])).toEqual([
      ['nonFossilCertificates', '10000.000000', certificateKg, 1, false],
      ['domesticCredits', '2.500000', '2500.000000', 1, false],
    ]);
    // In date order: the VCS credit is listed, not counted; the JCM one is of the next fiscal year (from April).
    expect(after.content.offsets.map((o) => [o.type, o.counted, o.reason])).toEqual([
      ['J-クレジット', 'domesticCredits', null],
      ['VCS', null, 'typeNotAccepted'],
    ]);
    const adjusted = (await sql<{ v: string }>(`select (?::numeric - ?::numeric - 2500)::numeric(30, 6)::text as v`, [before.content.adjusted.kg, certificateKg])).v;
    expect(after.content.adjusted).toEqual({ beforeAdjustmentsKg: before.content.adjusted.kg, kg: adjusted, t: await truncT(adjusted), complete: true });
    // The basic emissions are not adjusted.
    expect(after.content.basic).toEqual(before.content.basic);
    expect(after.sha256).not.toBe(before.sha256);
    // As of the position before the settings: the settings as they stood then, the same report.
    expect(await report(`&asOf=${before.content.position}`)).toEqual(before);
    // As of a date-time after them: the settings' last change counts, not only the lines' (the last line change came before them).
    expect((await report(`&asOf=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`)).content.adjustments).toEqual(after.content.adjustments);
  });

  it('names a market line without a location-based figure (basic incomplete) and a location line whose adjusted figure is the grid average', async () => {
    const sections = (await ok('GET', '/api/company-section')).companySections as { id: string; name: string }[];
    const plant = sections.find((s) => s.name === '第一工場')!.id;
    const settings = (await ok('POST', '/api/create-scope-settings', {
      scopeSettings: [
        { scopeCategory: '2', formulaId: 's2.location', section: plant, detail: { emissionIntensity: { value: 0.434, unit: 'kg-CO2/kWh' } } },
        // No grid-average factor: no location-based figure.
        { scopeCategory: '2', formulaId: 's2.market', section: plant, detail: { emissionIntensity: { value: 0.25, unit: 'kg-CO2/kWh' } } },
      ],
    })).scopeSettings as { id: string; formulaId: string }[];
    const before = await report();
    // 1,000 kWh × 0.434 = 434 kg on both bases (the market one at the grid average); 2,000 kWh × 0.25 = 500 kg market only.
    expect((await ok('POST', '/api/user-input-emission', { deal: { id: 'shk-location-only', count: 1000, countUnit: 'kWh', occurrenceDate: `${year}-10-01` }, scopeSetting: { id: settings[0]!.id } })).line).toMatchObject({ co2eLocationKg: 434, co2eMarketKg: 434 });
    expect((await ok('POST', '/api/user-input-emission', { deal: { id: 'shk-market-only', count: 2000, countUnit: 'kWh', occurrenceDate: `${year}-10-01` }, scopeSetting: { id: settings[1]!.id } })).line).toMatchObject({ co2eLocationKg: null, co2eMarketKg: 500 });
    let r = await report();
    for (let i = 0; i < 100 && r.content.basic.complete; i++) {
      await new Promise((res) => setTimeout(res, 50));
      r = await report();
    }
    expect(r.content.basic.complete).toBe(false);
    expect(r.content.adjusted.complete).toBe(true);
    expect(r.gaps).toContainEqual({ kind: 'electricityWithoutBasic', dealIds: ['shk-market-only'] });
    expect(r.gaps).toContainEqual({ kind: 'adjustedAtGridAverage', dealIds: ['shk-location-only'] });
    // Basic + 434; adjusted + 434 + 500 = 934 kg.
    const l = await ledger();
    expect(r.content.energyCo2.purchasedBasic.kg).toBe(l.loc);
    expect(r.content.energyCo2.purchasedAdjusted.kg).toBe(l.mkt);
    expect((await sql<{ v: string }>(`select (?::numeric - ?::numeric)::numeric(30, 6)::text as v`, [r.content.basic.kg, before.content.basic.kg])).v).toBe('434.000000');
    expect((await sql<{ v: string }>(`select (?::numeric - ?::numeric)::numeric(30, 6)::text as v`, [r.content.adjusted.kg, before.content.adjusted.kg])).v).toBe('934.000000');
  });

  it('refuses a position the temporal ledger does not reflect yet', async () => {
    const res = await call(app, 'GET', `/api/reports/shk?fiscalYear=${year}&asOf=999999999999`, users.viewer);
    expect([res.status, res.body.code]).toEqual([409, 'as_of_ahead']);
  });
});
