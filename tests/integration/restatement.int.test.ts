import { afterAll, beforeAll, expect, it } from 'vitest';
import { allProjections, rebuildProjections } from '@ghg/projector';
import { call, describeOnBackends, loginDemoUsers, type RunningApp } from './embeddedApp';

/**
 * A restated calculation basis carries the fiscal year's lines with it: each line is calculated
 * again from its own inputs and recorded as an audited event, and the ledger follows.
 * 10 kg of HFC-134a: × 1,530 (AR6) = 15,300 kg CO2e; restated to AR5, × 1,300 = 13,000 kg.
 */
describeOnBackends('a restated basis recalculates the year’s lines', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  let setting: string;

  const lineKg = async (dealId: string, fiscalYear: number) => {
    const res = await call(app, 'POST', '/api/user-input-table-data', users.viewer, { fiscalYear, scopeId: '1' });
    return (res.body.lines as { dealId: string; co2eKg: number }[]).find((l) => l.dealId === dealId)?.co2eKg;
  };
  const basis = (body: Record<string, unknown>) => call(app, 'POST', '/api/calculation-basis', users.admin, body);

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
    const sections = (await call(app, 'GET', '/api/company-section', users.admin)).body.companySections as { id: string; name: string }[];
    for (const fiscalYear of [2022, 2023]) expect((await basis({ fiscalYear, gwpSet: 'AR6' })).status).toBe(200);
    const res = await call(app, 'POST', '/api/create-scope-settings', users.admin, {
      scopeSettings: [{ scopeCategory: '1', formulaId: 's1.gas', section: sections.find((s) => s.name === '第一工場')!.id, detail: { ghgType: 'HFC', gas: 'HFC-134a' } }],
    });
    setting = res.body.scopeSettings[0].id;
    for (const [id, date] of [['leak-2022', '2022-08-01'], ['leak-2023', '2023-08-01']] as const) {
      const line = await call(app, 'POST', '/api/user-input-emission', users.admin, { deal: { id, count: 10, countUnit: 'kg', occurrenceDate: date }, scopeSetting: { id: setting } });
      expect(line.body.line.co2eKg).toBe(15300); // 10 kg × 1,530
    }
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('restating 2022 to AR5 recalculates its line (13,000 kg) as an audited event; 2023 keeps 15,300 kg', async () => {
    const res = await basis({ fiscalYear: 2022, gwpSet: 'AR5', reason: 'AR5 for comparability with the base year' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ changed: true, recalculation: { recalculated: 1, unchanged: 0, refused: [] } });
    expect(await lineKg('leak-2022', 2022)).toBe(13000); // 10 kg × 1,300
    expect(await lineKg('leak-2023', 2023)).toBe(15300);
    const aggregate = await call(app, 'GET', '/api/emission-aggregate?fiscalYear=2022', users.viewer);
    expect(aggregate.body.byCategory.find((c: { scopeCategory: string }) => c.scopeCategory === '1')?.co2eKg).toBe(13000);

    const audit = await call(app, 'GET', '/api/auditlog?limit=200', users.admin);
    const entries = (audit.body.entries as { type: string; entityId: string }[]).filter((e) => e.type === 'ActivityLineRecalculated');
    expect(entries.map((e) => e.entityId)).toEqual(['leak-2022']);
    // One area only, filtered by the server: a page of basis entries however many lines were recalculated.
    const basisOnly = await call(app, 'GET', '/api/auditlog?topic=calculation%2Fbasis&limit=5', users.admin);
    const topics = (basisOnly.body.entries as { topic: string; type: string }[]).map((e) => e.topic);
    expect(topics.length).toBeGreaterThan(0);
    expect(new Set(topics)).toEqual(new Set(['calculation/basis']));
    expect((basisOnly.body.entries as { type: string }[])[0]!.type).toBe('CalculationBasisChanged');
  });

  it('saving the same basis again recalculates nothing: the line is already on it', async () => {
    const res = await basis({ fiscalYear: 2022, gwpSet: 'AR5' });
    expect(res.body).toMatchObject({ changed: false, recalculation: { recalculated: 0, unchanged: 1, refused: [] } });
  });

  it('a rebuild of the ledger from the log gives the restated figure again', async () => {
    const ledger = allProjections.find((p) => p.tables.includes('emission_ledger'))!;
    await rebuildProjections({ db: app.infra.db, eventStore: app.infra.eventStore, projections: allProjections, names: [ledger.name] });
    expect(await lineKg('leak-2022', 2022)).toBe(13000);
    expect(await lineKg('leak-2023', 2023)).toBe(15300);
  });
});
