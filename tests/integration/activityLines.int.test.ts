import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeOnBackends, loginDemoUsers, refusedCall, type RunningApp } from './embeddedApp';

/** Activity lines (deals linked to scope settings) and the emissions ledger through the whole embedded app. */

interface Section {
  id: string;
  name: string;
}

describeOnBackends('activity lines and the emissions ledger', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  let sections: Section[];
  let diesel: string;
  let accounting: string;
  let location: string;

  const section = (name: string) => sections.find((s) => s.name === name)!.id;
  const refused = (method: string, url: string, token: string, body?: unknown) => refusedCall(app, method, url, token, body);
  const line = (scopeSettingId: string, deal: Record<string, unknown> = {}, scopeSettingDetail?: unknown) => ({
    deal: { id: 'deal-1', count: 1000, countUnit: 'L', occurrenceDate: '2022/7/1', ...deal },
    scopeSetting: { id: scopeSettingId, scopeCategory: '1' },
    ...(scopeSettingDetail === undefined ? {} : { scopeSettingDetail }),
  });
  const table = async (token: string, body: Record<string, unknown>) => {
    const res = await call(app, 'POST', '/api/user-input-table-data', token, body);
    expect(res.status).toBe(200);
    return res.body.lines as Record<string, unknown>[];
  };
  const settingOf = async (token: string, setting: Record<string, unknown>) =>
    (await call(app, 'POST', '/api/create-scope-settings', token, { scopeSettings: [setting] })).body.scopeSettings[0].id as string;

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
    sections = (await call(app, 'GET', '/api/company-section', users.admin)).body.companySections;
    // Lines are calculated under a fixed basis: fiscal years 2022 (SHK legacy) and 2023.
    for (const fiscalYear of [2022, 2023]) expect((await call(app, 'POST', '/api/calculation-basis', users.admin, { fiscalYear })).status).toBe(200);
    const fuel = { fuel: '軽油', emissionIntensity: 'jp-shk:fuel.diesel' };
    diesel = await settingOf(users.admin, { scopeCategory: '1', formulaId: 's1.fuel', section: section('第一工場'), detail: fuel });
    accounting = await settingOf(users.admin, { scopeCategory: '1', formulaId: 's1.fuel', section: section('経理部'), detail: fuel });
    location = await settingOf(users.admin, { scopeCategory: '2', formulaId: 's2.location', section: section('第一工場'), detail: { emissionIntensity: { value: 0.434, unit: 'kg-CO2e/kWh' } } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('records a line calculated now: diesel 1,000 L × 2.58 kg-CO2/L = 2,580 kg, with the factor, its version and the GWP set; the date stored as ISO', async () => {
    const res = await call(app, 'POST', '/api/user-input-emission', users.admin, line(diesel));
    expect(res.status).toBe(200);
    expect(res.body.line).toMatchObject({
      dealId: 'deal-1',
      scopeSettingId: diesel,
      deal: { id: 'deal-1', count: 1000, countUnit: 'L', amount: null, currency: null, occurrenceDate: '2022-07-01' },
      scopeSetting: { id: diesel, scopeCategory: '1', formulaId: 's1.fuel', section: section('第一工場') },
      fiscalYear: 2022,
      fiscalMonth: 4,
      quantity: 1000,
      unit: 'L',
      co2eKg: 2580,
      gasesKg: { CO2: 2580 },
      factors: [{ setId: 'jp-shk', version: 'legacy', key: 'fuel.diesel', values: [{ value: 2.58, unit: 'kg-CO2/L', stage: 'TTW' }] }],
      gwpSet: 'AR6',
      source: 'manual',
      version: 0,
    });
    expect(res.body.line.factorSets['jp-shk']).toBe('legacy');
  });

  it('lists the lines of a fiscal year and category from the ledger, as recorded (the ledger copies the results)', async () => {
    const lines = await table(users.viewer, { fiscalYear: 2022, scopeId: '1' });
    expect(lines).toEqual([
      expect.objectContaining({ dealId: 'deal-1', scopeSettingId: diesel, formulaId: 's1.fuel', section: section('第一工場'), sectionName: '第一工場', occurrenceDate: '2022-07-01', fiscalYear: 2022, fiscalMonth: 4, quantity: 1000, unit: 'L', co2eKg: 2580, co2eLocationKg: null, co2eMarketKg: null, gwpSet: 'AR6', version: 0 }),
    ]);
    expect(await table(users.viewer, { fiscalYear: 2023, scopeId: '1' })).toEqual([]);
    expect(await table(users.viewer, { fiscalYear: 2022, scopeId: '2' })).toEqual([]);
    expect(await table(users.viewer, { fiscalYear: '2022', scopeId: '1', sectionId: section('製造本部') })).toHaveLength(1);
    expect(await table(users.viewer, { fiscalYear: 2022, scopeId: '1', sectionId: section('経理部') })).toEqual([]);
  });

  it('replaces the line by deal id (人キロ → 人, トンキロ → t are normalised before storing); a stale expectedVersion is 409 and changes nothing', async () => {
    const res = await call(app, 'POST', '/api/user-input-emission', users.admin, { ...line(diesel, { count: 2, countUnit: 'kL' }), expectedVersion: 0 });
    expect(res.status).toBe(200);
    expect(res.body.line).toMatchObject({ co2eKg: 5160, quantity: 2, unit: 'kL', version: 1 });
    const stale = await refused('POST', '/api/user-input-emission', users.admin, { ...line(diesel, { count: 5 }), expectedVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'version_conflict', fields: ['expectedVersion'] });
    expect((await table(users.viewer, { fiscalYear: 2022, scopeId: '1' }))[0]).toMatchObject({ co2eKg: 5160, version: 1 });

    const persons = await call(app, 'POST', '/api/user-input-emission', users.admin, line(diesel, { id: undefined, count: 1, countUnit: '人キロ' }, { amount: 1 }));
    expect(persons.status).toBe(200);
    expect(persons.body.line.deal.countUnit).toBe('人');
    expect(persons.body.line.dealId).toEqual(expect.any(String));
    const tonnes = await refused('POST', '/api/user-input-emission', users.admin, line(diesel, { id: 'deal-t', countUnit: 'トンキロ' }));
    // 1,000 t of diesel against a per-litre factor: the unit is normalised, then the engine refuses it.
    expect(tonnes.body).toMatchObject({ code: 'unit_mismatch', fields: ['deal.count'] });
    await call(app, 'DELETE', '/api/user-input-emission/', users.admin, { deal: { id: persons.body.line.dealId } });
  });

  it('a calculation refusal answers 400 with the engine code and the field, and appends nothing', async () => {
    const before = await table(users.viewer, { fiscalYear: 2022, scopeId: '1' });
    const cases: [Record<string, unknown>, string, string][] = [
      [line(diesel, { id: 'deal-x', countUnit: 'kg' }), 'unit_mismatch', 'deal.count'],
      [line(diesel, { id: 'deal-x', count: null }), 'missing_input', 'scopeSettingDetail.amount'],
      [line(diesel, { id: 'deal-x' }, { emissionIntensity: 'jp-shk:fuel.nothing' }), 'factor_not_found', 'scopeSettingDetail.emissionIntensity'],
      // Fiscal year 2023's basis pins SHK's 2024 table, which has no diesel: no fall-back to the legacy value.
      [line(diesel, { id: 'deal-x', occurrenceDate: '2023-05-01' }), 'factor_not_found', 'scopeSetting.detail.emissionIntensity'],
      [line(diesel, { id: 'deal-x', occurrenceDate: '2031-05-01' }), 'calculation_basis_not_set', 'deal.occurrenceDate'],
      [line(diesel, { id: 'deal-x' }, { colour: 'red' }), 'unknown_detail_field', 'scopeSettingDetail.colour'],
      [line('no-such-setting', { id: 'deal-x' }), 'scope_setting_not_found', 'scopeSetting.id'],
    ];
    for (const [body, code, field] of cases) {
      const res = await refused('POST', '/api/user-input-emission', users.admin, body);
      expect({ status: res.status, code: res.body.code, fields: res.body.fields }, code).toEqual({ status: code === 'scope_setting_not_found' ? 404 : 400, code, fields: [field] });
    }
    expect(await table(users.viewer, { fiscalYear: 2022, scopeId: '1' })).toEqual(before);
    expect(await table(users.viewer, { fiscalYear: 2023, scopeId: '1' })).toEqual([]);
  });

  it("answers 'invalid args' without a deal or a scope setting, or with a date that is not one", async () => {
    for (const body of [{ scopeSetting: { id: diesel } }, { deal: line(diesel).deal }, line(diesel, { occurrenceDate: '2022/2/30' }), line(diesel, { occurrenceDate: '1 July' }), line(diesel, { count: 'many' })]) {
      const res = await refused('POST', '/api/user-input-emission', users.admin, body);
      expect({ status: res.status, message: res.body.message, code: res.body.code }).toEqual({ status: 400, message: 'invalid args', code: 'invalid_args' });
    }
    const noYear = await refused('POST', '/api/user-input-table-data', users.viewer, { scopeId: '1' });
    expect(noYear.body).toMatchObject({ code: 'invalid_args', fields: ['fiscalYear'] });
  });

  it('a scope 2 line carries both bases and lists on each: location 10,000 kWh × 0.434 = 4,340 kg (its market figure the grid average)', async () => {
    const res = await call(app, 'POST', '/api/user-input-emission', users.admin, line(location, { id: 'deal-kwh', count: 10000, countUnit: 'kWh', occurrenceDate: '2023-06-01' }));
    expect(res.status).toBe(200);
    expect(res.body.line).toMatchObject({ basis: 'location', co2eKg: 4340, co2eLocationKg: 4340, co2eMarketKg: 4340, fiscalYear: 2023, fiscalMonth: 3 });
    expect(res.body.line.scope2).toMatchObject({ location: { method: 'calculated', co2eKg: 4340 }, market: { method: 'gridAverage', co2eKg: 4340 } });
    // A market line with a grid factor: (10,000 − 2,000 certificates) × 0.25 = 2,000 kg market; 10,000 × 0.434 = 4,340 kg location.
    const market = await settingOf(users.admin, {
      scopeCategory: '2',
      formulaId: 's2.market',
      section: section('第一工場'),
      detail: { emissionIntensity: { value: 0.25, unit: 'kg-CO2e/kWh' }, gridEmissionIntensity: { value: 0.434, unit: 'kg-CO2e/kWh' } },
    });
    const both = await call(app, 'POST', '/api/user-input-emission', users.admin, line(market, { id: 'deal-kwh-market', count: 10000, countUnit: 'kWh', occurrenceDate: '2023-07-01' }, { certificates: 2000 }));
    expect(both.body.line).toMatchObject({ basis: 'market', co2eKg: 2000, co2eLocationKg: 4340, co2eMarketKg: 2000 });
    const onLocation = await table(users.viewer, { fiscalYear: 2023, scopeId: '2' });
    expect(onLocation.map((l) => [l.dealId, l.co2eKg])).toEqual([['deal-kwh', 4340], ['deal-kwh-market', 4340]]);
    const onMarket = await table(users.viewer, { fiscalYear: 2023, scopeId: '2', scope2EmissionIntensityType: 'market' });
    expect(onMarket.map((l) => [l.dealId, l.co2eKg])).toEqual([['deal-kwh', 4340], ['deal-kwh-market', 2000]]);
    expect(onMarket[1]).toMatchObject({ scopeSettingDetail: { certificates: 2000 }, factors: [expect.objectContaining({ values: [{ value: 0.25, unit: 'kg-CO2e/kWh' }] })] });
    expect(onLocation[1]).toMatchObject({ factors: [expect.objectContaining({ values: [{ value: 0.434, unit: 'kg-CO2e/kWh' }] })] });
  });

  it('a scope setting lines were recorded with cannot be deleted while they remain (409 scope_setting_in_use, nothing appended)', async () => {
    const own = await settingOf(users.admin, { scopeCategory: '1', formulaId: 's1.fuel', section: section('第一工場'), detail: { fuel: '軽油', emissionIntensity: 'jp-shk:fuel.diesel' } });
    expect((await call(app, 'POST', '/api/user-input-emission', users.admin, line(own, { id: 'deal-in-use' }))).status).toBe(200);
    const inUse = await refused('DELETE', `/api/scope-setting/${own}`, users.admin, {});
    expect({ status: inUse.status, code: inUse.body.code }).toEqual({ status: 409, code: 'scope_setting_in_use' });
    expect((await call(app, 'DELETE', '/api/user-input-emission/', users.admin, { deal: { id: 'deal-in-use' }, scopeSetting: { id: own } })).status).toBe(200);
    expect((await call(app, 'DELETE', `/api/scope-setting/${own}`, users.admin, {})).status).toBe(200);
  });

  it('a section-scoped editor records and deletes lines of their sections only; a viewer none', async () => {
    expect((await call(app, 'POST', '/api/user-input-emission', users.editor, line(diesel, { id: 'deal-editor' }))).status).toBe(200);
    const other = await refused('POST', '/api/user-input-emission', users.editor, line(accounting, { id: 'deal-acc' }));
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'section_not_permitted', fields: ['scopeSetting.id'] });
    expect((await call(app, 'POST', '/api/user-input-emission', users.admin, line(accounting, { id: 'deal-acc' }))).status).toBe(200);
    expect((await refused('DELETE', '/api/user-input-emission/', users.editor, { deal: { id: 'deal-acc' } })).status).toBe(403);
    expect((await refused('POST', '/api/user-input-emission', users.viewer, line(diesel, { id: 'deal-v' }))).status).toBe(403);
    expect((await call(app, 'DELETE', '/api/user-input-emission/', users.editor, { deal: { id: 'deal-editor' }, scopeSetting: { id: diesel } })).status).toBe(200);
  });

  it("another company's user neither sees nor changes the lines", async () => {
    expect(await table(users.logistics, { fiscalYear: 2022, scopeId: '1' })).toEqual([]);
    expect((await refused('DELETE', '/api/user-input-emission/', users.logistics, { deal: { id: 'deal-1' } })).status).toBe(404);
    // The setting is the first company's: the second has none of that id.
    expect((await refused('POST', '/api/user-input-emission', users.logistics, line(diesel))).body).toMatchObject({ code: 'scope_setting_not_found' });
    expect((await table(users.viewer, { fiscalYear: 2022, scopeId: '1' })).map((l) => l.dealId)).toContain('deal-1');
  });

  it('deletes a line, answering it as it was; a stale version is 409, another setting or a deleted line 404; every change is audited', async () => {
    expect((await refused('DELETE', '/api/user-input-emission/', users.admin, { deal: { id: 'deal-1' }, expectedVersion: 0 })).status).toBe(409);
    const wrong = await refused('DELETE', '/api/user-input-emission/', users.admin, { deal: { id: 'deal-1' }, scopeSetting: { id: accounting } });
    expect(wrong.body).toMatchObject({ code: 'activity_line_not_found', fields: ['scopeSetting.id'] });
    const res = await call(app, 'DELETE', '/api/user-input-emission/', users.admin, { deal: { id: 'deal-1' }, scopeSetting: { id: diesel }, expectedVersion: 1 });
    expect(res.status).toBe(200);
    expect(res.body.line).toMatchObject({ dealId: 'deal-1', co2eKg: 5160, version: 1 });
    expect((await table(users.viewer, { fiscalYear: 2022, scopeId: '1' })).map((l) => l.dealId)).not.toContain('deal-1');
    expect((await refused('DELETE', '/api/user-input-emission/', users.admin, { deal: { id: 'deal-1' } })).status).toBe(404);

    const audit = await call(app, 'GET', '/api/auditlog?limit=200', users.admin);
    const types = (audit.body.entries as { type: string; topic: string }[]).filter((e) => e.topic === 'activity/lines').map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['ActivityLineRecorded', 'ActivityLineChanged', 'ActivityLineRemoved']));
  });
});
