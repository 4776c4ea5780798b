import { afterAll, beforeAll, expect, it } from 'vitest';
import { canonicalJson, fiscalYearOf } from '@ghg/domain';
import { allProjections, rebuildProjections } from '@ghg/projector';
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { catalogues } from '@ghg/locales';
import { call, describeOnBackends, loginDemoUsers, refusedCall, type RunningApp } from './embeddedApp';

/**
 * Reports as of a moment and filed (issue 16): the draft equals the ledger to the gram; filing
 * records the position and the hash of what was shown; a later line shows as a difference with the
 * event that caused it; and the filed report re-renders to the same hash, after a full rebuild too.
 */
describeOnBackends('reports filed and re-rendered from the log', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  // Every demo company's year starts in April; last year is complete in the demo data.
  const year = fiscalYearOf(new Date(), 4) - 1;

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const draft = async (query = '') => {
    const res = await call(app, 'GET', `/api/reports/draft?fiscalYear=${year}${query}`, users.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { content: Record<string, unknown> & { position: string; scope1Kg: string; scope3Kg: string; lines: number; categories: { scopeCategory: string; co2eKg: string }[] }; sha256: string; headline: unknown };
  };
  const selected = async () => (await call(app, 'GET', '/api/auth-user', users.admin)).body.user.selectedCompanyId as string;
  /** The ledger's own sum for the year (PostgreSQL's exact numeric, as text with six decimals). */
  const ledgerKg = async (where: string) => {
    const { rows } = await app.infra.db.knex.raw<{ rows: { kg: string | null }[] }>(
      `select coalesce(sum(co2e_kg), 0)::numeric(30, 6)::text as kg from emission_ledger where company_id = ? and fiscal_year = ? and ${where}`,
      [await selected(), year],
    );
    return rows[0]!.kg;
  };
  let unit = 'L';
  const lineBody = (settingId: string, count: number) => ({
    deal: { id: 'report-late-deal', count, countUnit: unit, occurrenceDate: `${year}/7/1` },
    scopeSetting: { id: settingId, scopeCategory: '1' },
  });

  it('renders the fiscal year from the temporal ledger: equal to the ledger to the gram, hashed over its canonical JSON', async () => {
    const { content, sha256, headline } = await draft();
    expect(content.lines).toBeGreaterThan(10);
    expect(content.scope1Kg).toBe(await ledgerKg(`scope_category = '1'`));
    expect(content.scope3Kg).toBe(await ledgerKg(`scope_category not in ('1', '2', 'water')`));
    for (const c of content.categories) expect(c.co2eKg, c.scopeCategory).toBe(await ledgerKg(`scope_category = '${c.scopeCategory}'`));
    expect(sha256).toBe(createHash('sha256').update(canonicalJson(content)).digest('hex'));
    // The same position asked for explicitly gives the same content.
    expect(await draft(`&asOf=${content.position}`)).toEqual({ content, sha256, headline });
    // What filing would record: the scopes, in their order, and the lines.
    expect(headline).toEqual({ lines: content.lines, figures: ['scope1Kg', 'scope2LocationKg', 'scope2MarketKg', 'scope3Kg'].map((figure) => ({ figure, unit: 'kg', value: content[figure] })) });
  });

  it('files what was shown; refuses a hash that is not the draft’s, a position not reflected yet, and a viewer, appending nothing', async () => {
    const { content, sha256 } = await draft();
    const body = { fiscalYear: year, regime: 'ghgProtocol', position: content.position, sha256 };
    expect((await refusedCall(app, 'POST', '/api/reports/file', users.admin, { ...body, sha256: '0'.repeat(64) })).body.code).toBe('report_changed');
    expect((await refusedCall(app, 'POST', '/api/reports/file', users.admin, { ...body, position: '999999999999' })).status).toBe(409);
    expect((await refusedCall(app, 'POST', '/api/reports/file', users.viewer, body)).status).toBe(403);
    const empty = await call(app, 'GET', `/api/reports/draft?fiscalYear=1990`, users.admin);
    expect((await refusedCall(app, 'POST', '/api/reports/file', users.admin, { ...body, fiscalYear: 1990, sha256: empty.body.sha256 })).body.code).toBe('report_empty');

    const filed = await call(app, 'POST', '/api/reports/file', users.admin, { ...body, note: 'Board approved' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(filed.body.report).toMatchObject({ fiscalYear: year, position: content.position, sha256, note: 'Board approved', scope1Kg: content.scope1Kg, filedByName: expect.any(String) });
    const list = await call(app, 'GET', `/api/reports?fiscalYear=${year}`, users.viewer);
    expect(list.body.reports).toEqual([filed.body.report]);
  });

  it('a line recorded, changed and removed after filing shows as the difference, with the events that caused it; the filed report still reproduces its hash, after a full rebuild too', async () => {
    const [report] = (await call(app, 'GET', `/api/reports?fiscalYear=${year}`, users.admin)).body.reports as { reportId: string; sha256: string }[];
    // A scope-1 setting the demo data already records lines of that year with, and one of its deals' units.
    const { rows } = await app.infra.db.knex.raw<{ rows: { scope_setting_id: string; unit: string }[] }>(
      `select scope_setting_id, deal->>'countUnit' as unit from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = '1' and deal->>'countUnit' is not null order by deal_id limit 1`,
      [await selected(), year],
    );
    const settingId = rows[0]!.scope_setting_id;
    unit = rows[0]!.unit;
    const recorded = await call(app, 'POST', '/api/user-input-emission', users.admin, lineBody(settingId, 1000));
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const lineKg = await ledgerKg(`deal_id = 'report-late-deal'`);
    expect(Number(lineKg)).toBeGreaterThan(0);

    const detail = async () => {
      const res = await call(app, 'GET', `/api/reports/${report!.reportId}`, users.viewer);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const afterRecord = await detail();
    expect(afterRecord.asFiled).toMatchObject({ sha256: report!.sha256, reproduced: true });
    expect(afterRecord.now.sha256).not.toBe(report!.sha256);
    const scope1 = afterRecord.categories.find((c: { scopeCategory: string }) => c.scopeCategory === '1');
    expect(scope1.differenceKg).toBe(lineKg);
    expect(afterRecord.categories.filter((c: { differenceKg: string }) => c.differenceKg !== '0.000000')).toHaveLength(1);
    expect(afterRecord.lines).toEqual([
      expect.objectContaining({ dealId: 'report-late-deal', filedKg: null, nowKg: lineKg, differenceKg: lineKg, events: [expect.objectContaining({ type: 'ActivityLineRecorded', actorName: expect.any(String) })] }),
    ]);

    // The views' totals as of the filing's position are the filed figures; now they are one line more.
    const totals = async (query: string) => {
      const res = await call(app, 'GET', `/api/emission-totals?fromYear=${year}${query}`, users.admin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { asOf: string | null; total: { co2eKg: number; lines: number } };
    };
    const filedContent = afterRecord.asFiled.content;
    const totalsAtFiling = await totals(`&asOf=${afterRecord.report.position}`);
    const nowTotals = await totals('');
    expect(totalsAtFiling.asOf).toBe(afterRecord.report.position);
    expect(nowTotals.asOf).toBeNull();
    // Location basis: scope 1 + scope 2 (location) + scope 3 + water.
    expect(totalsAtFiling.total.co2eKg).toBeCloseTo(['scope1Kg', 'scope2LocationKg', 'scope3Kg', 'waterKg'].reduce((kg, k) => kg + Number(filedContent[k]), 0), 3);
    expect(totalsAtFiling.total.lines).toBe(filedContent.lines);
    expect(nowTotals.total.co2eKg - totalsAtFiling.total.co2eKg).toBeCloseTo(Number(lineKg), 3);
    expect(nowTotals.total.lines - totalsAtFiling.total.lines).toBe(1);
    expect((await totals('&asOf=2000-01-01T00:00:00Z')).total.lines).toBe(0);
    const ahead = await call(app, 'GET', `/api/emission-totals?fromYear=${year}&asOf=999999999999`, users.admin);
    expect([ahead.status, ahead.body.code]).toEqual([409, 'as_of_ahead']);
    // A moment PostgreSQL's timestamps cannot hold, or not a moment at all: 400, never a 500.
    for (const asOf of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:00-14:00', '2026-02-30T00:00:00Z%00', '1e308']) {
      expect((await call(app, 'GET', `/api/emission-totals?fromYear=${year}&asOf=${encodeURIComponent(asOf)}`, users.admin)).status, asOf).toBe(400);
      expect((await call(app, 'GET', `/api/reports/draft?fiscalYear=${year}&asOf=${encodeURIComponent(asOf)}`, users.admin)).status, asOf).toBe(400);
    }
    expect((await call(app, 'GET', `/api/emission-totals?fromYear=${year}&of=group&asOf=${afterRecord.report.position}`, users.admin)).status).toBe(200);

    // Twice the litres, then removed: the line is back to no difference, and both events are listed.
    expect((await call(app, 'POST', '/api/user-input-emission', users.editor, { ...lineBody(settingId, 2000), expectedVersion: 0 })).status).toBe(200);
    const doubled = await detail();
    expect(Number(doubled.lines[0].nowKg)).toBeCloseTo(2 * Number(lineKg), 5);
    expect(doubled.lines[0].events.map((e: { type: string }) => e.type)).toEqual(['ActivityLineRecorded', 'ActivityLineChanged']);
    // The draft as of the filing's position is still the filed content.
    const atFiling = await draft(`&asOf=${afterRecord.report.position}`);
    expect(atFiling.sha256).toBe(report!.sha256);

    expect((await call(app, 'DELETE', '/api/user-input-emission/', users.admin, { deal: { id: 'report-late-deal' } })).status).toBe(200);
    const removed = await detail();
    expect(removed.lines).toEqual([]);
    expect(removed.now.sha256).not.toBe(report!.sha256); // the position moved; the figures are back
    expect(removed.categories.every((c: { differenceKg: string }) => c.differenceKg === '0.000000')).toBe(true);

    await rebuildProjections({ db: app.infra.db, eventStore: app.infra.eventStore, projections: allProjections, names: allProjections.map((p) => p.name) });
    const rebuilt = await detail();
    expect(rebuilt.asFiled).toEqual(removed.asFiled);
    expect(rebuilt.now).toEqual(removed.now);
  });

  it('gives a filed report as a workbook: the filed hash and figures, as numbers, and the categories adding up to the scopes', async () => {
    const [report] = (await call(app, 'GET', `/api/reports?fiscalYear=${year}`, users.admin)).body.reports as { reportId: string; sha256: string }[];
    const detail = (await call(app, 'GET', `/api/reports/${report!.reportId}`, users.admin)).body;
    const content = detail.asFiled.content as { scope1Kg: string; scope3Kg: string; categories: { scopeCategory: string; co2eKg: string }[] };
    const res = await app.app.inject({ method: 'POST', url: '/api/reports/xlsx', headers: { authorization: `Bearer ${users.admin}` }, payload: { reportId: report!.reportId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ghg-inventory-FY\d{4}-/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [summary, categories] = book.worksheets;
    const valueOf = (label: string) => summary!.getColumn(1).values.indexOf(label);
    // The admin's language is Japanese: the headings are that catalogue's.
    const language = (await call(app, 'GET', '/api/auth-user', users.admin)).body.user.language as keyof typeof catalogues;
    const label = (id: 'audit.field.sha256' | 'audit.field.scope1Kg') => catalogues[language][id];
    expect(valueOf(label('audit.field.sha256'))).toBeGreaterThan(0);
    expect(summary!.getRow(valueOf(label('audit.field.sha256'))).getCell(2).value).toBe(report!.sha256);
    expect(summary!.getRow(valueOf(label('audit.field.scope1Kg'))).getCell(2).value).toBe(Number(content.scope1Kg));
    const rows = categories!.getSheetValues().slice(2) as unknown as (string | number)[][];
    expect(rows.map((r) => r[3])).toEqual(content.categories.map((c) => Number(c.co2eKg)));
    const scope3 = rows.filter((r) => /^3\d/.test(String(r[1]))).reduce((kg, r) => kg + Number(r[3]), 0);
    expect(scope3).toBeCloseTo(Number(content.scope3Kg), 6);
    // The draft of a year too; a report of another company is not found.
    expect((await app.app.inject({ method: 'POST', url: '/api/reports/xlsx', headers: { authorization: `Bearer ${users.viewer}` }, payload: { fiscalYear: year } })).statusCode).toBe(200);
    expect((await app.app.inject({ method: 'POST', url: '/api/reports/xlsx', headers: { authorization: `Bearer ${users.logistics}` }, payload: { reportId: report!.reportId } })).statusCode).toBe(404);
    expect((await app.app.inject({ method: 'POST', url: '/api/reports/xlsx', headers: { authorization: `Bearer ${users.viewer}` }, payload: {} })).statusCode).toBe(400);
  });

  it("another company's report is not found", async () => {
    const [report] = (await call(app, 'GET', `/api/reports?fiscalYear=${year}`, users.admin)).body.reports as { reportId: string }[];
    const res = await call(app, 'GET', `/api/reports/${report!.reportId}`, users.logistics);
    expect(res.status).toBe(404);
  });
});
