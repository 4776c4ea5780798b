import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeOnBackends, loginDemoUsers, refusedCall, type RunningApp } from './embeddedApp';

/** The emissions aggregate: the ledger totalled by scope and category, through the whole embedded app. */

interface Section {
  id: string;
  name: string;
}

describeOnBackends('emissions aggregate', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  let sections: Section[];

  const section = (name: string) => sections.find((s) => s.name === name)!.id;
  const aggregate = async (token: string, query: string) => {
    const res = await call(app, 'GET', `/api/emission-aggregate?${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const settingOf = async (setting: Record<string, unknown>) => {
    const res = await call(app, 'POST', '/api/create-scope-settings', users.admin, { scopeSettings: [setting] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.scopeSettings[0].id as string;
  };
  const record = async (scopeSettingId: string, deal: Record<string, unknown>) => {
    const res = await call(app, 'POST', '/api/user-input-emission', users.admin, { deal: { occurrenceDate: '2022-07-01', ...deal }, scopeSetting: { id: scopeSettingId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.line as { co2eKg: number; fiscalYear: number; co2eLocationKg: number | null; co2eMarketKg: number | null };
  };

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
    sections = (await call(app, 'GET', '/api/company-section', users.admin)).body.companySections;
    expect((await call(app, 'POST', '/api/calculation-basis', users.admin, { fiscalYear: 2022 })).status).toBe(200);
    const fuel = { fuel: '軽油', emissionIntensity: 'jp-shk:fuel.diesel' };
    const plantDiesel = await settingOf({ scopeCategory: '1', formulaId: 's1.fuel', section: section('第一工場'), detail: fuel });
    const officeDiesel = await settingOf({ scopeCategory: '1', formulaId: 's1.fuel', section: section('経理部'), detail: fuel });
    const location = await settingOf({ scopeCategory: '2', formulaId: 's2.location', section: section('第一工場'), detail: { emissionIntensity: { value: 0.434, unit: 'kg-CO2e/kWh' } } });
    // One meter reading on both bases: the supplier's factor (market) and the grid average (location).
    const market = await settingOf({
      scopeCategory: '2',
      formulaId: 's2.market',
      section: section('第一工場'),
      detail: { emissionIntensity: { value: 0.25, unit: 'kg-CO2e/kWh' }, gridEmissionIntensity: { value: 0.434, unit: 'kg-CO2e/kWh' } },
    });
    const marketOnly = await settingOf({ scopeCategory: '2', formulaId: 's2.market', section: section('第一工場'), detail: { emissionIntensity: { value: 0.25, unit: 'kg-CO2e/kWh' } } });
    const spend = await settingOf({ scopeCategory: '31', formulaId: 's3.1.spend', section: section('経理部'), detail: { emissionIntensity: { value: 0.002, unit: 'kg-CO2e/JPY' } } });

    // Fiscal year 2022 (April to March): 2,580 + 1,290 + (4,340 location or 2,500 market: one line) + 1,790 kg.
    expect((await record(plantDiesel, { id: 'agg-diesel-plant', count: 1000, countUnit: 'L' })).co2eKg).toBe(2580); // 1,000 L × 2.58
    expect((await record(officeDiesel, { id: 'agg-diesel-office', count: 500, countUnit: 'L' })).co2eKg).toBe(1290); // 500 L × 2.58
    const kwh = await record(market, { id: 'agg-kwh', count: 10000, countUnit: 'kWh' });
    expect(kwh).toMatchObject({ co2eKg: 2500, co2eMarketKg: 2500, co2eLocationKg: 4340 }); // 10,000 kWh × 0.25; × 0.434
    expect((await record(spend, { id: 'agg-spend', amount: 895000, currency: 'JPY' })).co2eKg).toBeCloseTo(1790, 6); // 895,000 JPY × 0.002
    // A line of another fiscal year (2023-04-01 starts 2023) is not counted in 2022.
    expect((await call(app, 'POST', '/api/calculation-basis', users.admin, { fiscalYear: 2023 })).status).toBe(200);
    expect((await record(location, { id: 'agg-kwh-2023', count: 1000, countUnit: 'kWh', occurrenceDate: '2023-04-01' })).fiscalYear).toBe(2023);
    // A market line naming no grid factor: 1,000 kWh × 0.25 = 250 kg on the market basis, no location figure.
    expect((await record(marketOnly, { id: 'agg-kwh-2023-market', count: 1000, countUnit: 'kWh', occurrenceDate: '2023-05-01' })).co2eKg).toBe(250);

    // Offsets: 1.5 t used in fiscal year 2022, 2 t in 2023.
    const offset = (from: string, to: string, quantity: number, date: string) =>
      call(app, 'POST', '/api/offset', users.admin, { type: 'J-クレジット', particularNumberFrom: from, particularNumberTo: to, invalidOrRelocationQuantity: quantity, invalidOrRelocationDate: date, authType: '無効化' });
    expect((await offset('AGG-0001', 'AGG-0010', 1.5, '2023-03-31')).status).toBe(200);
    expect((await offset('AGG-0011', 'AGG-0020', 2, '2023-04-01')).status).toBe(200);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('totals the fiscal year by category and scope, each with its share: 10,000 kg = 3,870 + 4,340 + 1,790 (location basis by default)', async () => {
    const body = await aggregate(users.viewer, 'fiscalYear=2022');
    expect(body).toMatchObject({ fiscalYear: 2022, basis: 'location', sectionId: null, total: { lines: 4 } });
    expect(body.total.co2eKg).toBeCloseTo(10000, 6);
    // Scope 1: 2,580 + 1,290 = 3,870 kg of 10,000 = 0.387; scope 2: 4,340 / 10,000 = 0.434; category 3-1: 1,790 / 10,000 = 0.179.
    const categories = body.byCategory as { scopeCategory: string; co2eKg: number; lines: number; share: number }[];
    expect(categories.map((c) => c.scopeCategory)).toEqual(['1', '2', '31']);
    expect(categories.map((c) => c.lines)).toEqual([2, 1, 1]);
    expect(categories.map((c) => c.co2eKg)).toEqual([3870, 4340, expect.closeTo(1790, 6)]);
    expect(categories.map((c) => c.share)).toEqual([expect.closeTo(0.387, 9), expect.closeTo(0.434, 9), expect.closeTo(0.179, 9)]);
    expect(body.byScope).toEqual([
      { scope: '1', co2eKg: 3870, lines: 2, share: expect.closeTo(0.387, 9) },
      { scope: '2', co2eKg: 4340, lines: 1, share: expect.closeTo(0.434, 9) },
      { scope: '3', co2eKg: expect.closeTo(1790, 6), lines: 1, share: expect.closeTo(0.179, 9) },
      { scope: 'water', co2eKg: 0, lines: 0, share: 0 },
    ]);
    // Offsets are beside the total, never netted: 1.5 t = 1,500 kg used in fiscal year 2022 (2023-03-31), not the 2 t of 2023-04-01.
    expect(body.offsets).toEqual({ co2eKg: 1500, records: 1 });
  });

  it('scope 2 on the market basis sums the same line\'s market figure: 3,870 + 2,500 + 1,790 = 8,160 kg, scope 2 share 2,500 / 8,160', async () => {
    const body = await aggregate(users.viewer, 'fiscalYear=2022&basis=market');
    expect(body).toMatchObject({ basis: 'market', total: { lines: 4 } });
    expect(body.total.co2eKg).toBeCloseTo(8160, 6);
    const scope2 = body.byCategory.find((c: { scopeCategory: string }) => c.scopeCategory === '2');
    expect(scope2).toEqual({ scopeCategory: '2', co2eKg: 2500, lines: 1, share: expect.closeTo(2500 / 8160, 9) });
    expect(body.byScope[0]).toEqual({ scope: '1', co2eKg: 3870, lines: 2, share: expect.closeTo(3870 / 8160, 9) });
  });

  it('a section counts its own lines and its descendants\': 製造本部 (with 第一工場) 2,580 + 4,340 = 6,920 kg; 経理部 1,290 + 1,790 = 3,080 kg', async () => {
    const division = await aggregate(users.viewer, `fiscalYear=2022&sectionId=${encodeURIComponent(section('製造本部'))}`);
    expect(division).toMatchObject({ sectionId: section('製造本部'), total: { co2eKg: 6920, lines: 2 } });
    expect(division.byCategory).toEqual([
      { scopeCategory: '1', co2eKg: 2580, lines: 1, share: expect.closeTo(2580 / 6920, 9) },
      { scopeCategory: '2', co2eKg: 4340, lines: 1, share: expect.closeTo(4340 / 6920, 9) },
    ]);
    const office = await aggregate(users.viewer, `fiscalYear=2022&sectionId=${encodeURIComponent(section('経理部'))}`);
    expect(office.total.lines).toBe(2);
    expect(office.total.co2eKg).toBeCloseTo(3080, 6);
    expect(office.byCategory.map((c: { scopeCategory: string }) => c.scopeCategory)).toEqual(['1', '31']);
    // An unknown section has no lines; the offsets stay the company's figure whatever the section.
    const none = await aggregate(users.viewer, 'fiscalYear=2022&sectionId=no-such-section');
    expect(none).toMatchObject({ total: { co2eKg: 0, lines: 0 }, byCategory: [], offsets: { co2eKg: 1500, records: 1 } });
  });

  it('another fiscal year has only its own lines: 2023 is 1,000 kWh × 0.434 = 434 kg, with 2 t of offsets; the market line without a location figure is counted apart', async () => {
    const body = await aggregate(users.viewer, 'fiscalYear=2023');
    expect(body).toMatchObject({ total: { co2eKg: 434, lines: 1 }, byCategory: [{ scopeCategory: '2', co2eKg: 434, lines: 1, share: 1 }], offsets: { co2eKg: 2000, records: 1 }, scope2WithoutBasis: 1 });
    // Market: the location line's grid average (no contractual factor) 434 + the market line's 250 = 684 kg.
    const market = await aggregate(users.viewer, 'fiscalYear=2023&basis=market');
    expect(market).toMatchObject({ total: { co2eKg: 684, lines: 2 }, scope2WithoutBasis: 0 });
  });

  it("another company's user sees none of it", async () => {
    const body = await aggregate(users.logistics, 'fiscalYear=2022');
    expect(body).toMatchObject({ total: { co2eKg: 0, lines: 0 }, byCategory: [], offsets: { co2eKg: 0, records: 0 } });
    expect(body.byScope.every((s: { co2eKg: number; share: number }) => s.co2eKg === 0 && s.share === 0)).toBe(true);
  });

  it("answers 'invalid args' without a fiscal year or with a basis that is not one; 401 without a token", async () => {
    for (const query of ['', 'fiscalYear=twenty', 'fiscalYear=2022&basis=both']) {
      const res = await refusedCall(app, 'GET', `/api/emission-aggregate?${query}`, users.viewer);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('invalid_args');
    }
    expect((await call(app, 'GET', '/api/emission-aggregate?fiscalYear=2022')).status).toBe(401);
  });
  it('the audit log gives one line’s history by its deal id (GET /api/auditlog?entityId=), newest first', async () => {
    const setting = await settingOf({ scopeCategory: '1', formulaId: 's1.fuel', section: section('第一工場'), detail: { fuel: '軽油', emissionIntensity: 'jp-shk:fuel.diesel' } });
    await record(setting, { id: 'agg-history', count: 100, countUnit: 'L' });
    await record(setting, { id: 'agg-history', count: 200, countUnit: 'L' });
    const res = await call(app, 'GET', '/api/auditlog?entityId=agg-history', users.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entries = res.body.entries as { entityId: string; type: string; position: string }[];
    expect(entries.map((e) => [e.entityId, e.type])).toEqual([
      ['agg-history', 'ActivityLineChanged'],
      ['agg-history', 'ActivityLineRecorded'],
    ]);
    expect((await call(app, 'GET', '/api/auditlog?entityId=no-such-record', users.admin)).body.entries).toEqual([]);
  });
});
