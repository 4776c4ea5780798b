import { afterAll, beforeAll, expect, it } from 'vitest';
import { canonicalJson, fiscalYearOf } from '@ghg/domain';
import { allProjections, rebuildProjections } from '@ghg/projector';
import { createHash } from 'node:crypto';
import { call, describeOnBackends, loginDemoUsers, refusedCall, type RunningApp } from './embeddedApp';

/**
 * Filing the 温対法 SHK report and the 省エネ法 periodic report (issue 16 §2, docs/api.md "Reports"):
 * the draft of each regime is its own report (the same content and hash as its page's route), filing
 * records the regime's headline figures with the position and hash of what was shown, a changed
 * draft is refused, and after a late line, a new certificate and a section's report type changed,
 * each filing still re-renders to its hash — after a full rebuild of every read model too — while
 * "now" differs by exactly the late line.
 */
type Figure = { figure: string; unit: string; value: string };
type Draft = { content: Record<string, unknown> & { regime: string; position: string; fiscalYear: number }; sha256: string; headline: { lines: number; figures: Figure[] } };
type Filed = { reportId: string; regime: string; position: string; sha256: string; figures: Figure[]; scope1Kg: string | null };
type Detail = {
  report: Filed;
  asFiled: { content: { regime: string; position: string }; sha256: string; reproduced: boolean };
  now: { content: { regime: string; position: string }; sha256: string };
  figures: { figure: string; unit: string; filed: string; now: string; difference: string }[];
  categories: unknown[];
  linesCompared: boolean;
  lines: { dealId: string; scopeCategory: string; filedKg: string | null; nowKg: string | null; differenceKg: string; events: { type: string; cause: string | null }[] }[];
  causes: { cause: string; lines: number; differenceKg: string }[];
  supplement: unknown;
};

describeOnBackends('filing the SHK and 省エネ法 reports, reproduced from the log', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  // Every demo company's year starts in April; last year is complete in the demo data.
  const year = fiscalYearOf(new Date(), 4) - 1;
  const filed: Record<'shk' | 'energyConservation', Filed | null> = { shk: null, energyConservation: null };

  /** An intensity denominator of the demo company with a value of the year, changed after the filing. */
  let denominator: { intensityId: string; valueId: string; version: number };

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
    const intensity = (await call(app, 'POST', '/api/intensity', users.admin, { name: '生産量（提出テスト）', unit: 't' })).body.intensity as { id: string };
    const value = (await call(app, 'POST', '/api/management-intensity', users.admin, { intensityId: intensity.id, fiscalYear: year, value: 12.5 })).body.managementIntensity as { id: string; version: number };
    denominator = { intensityId: intensity.id, valueId: value.id, version: value.version };
  });
  afterAll(async () => {
    await app?.stop();
  });

  const ok = async (method: 'GET' | 'POST', path: string, body?: unknown, token = users.admin) => {
    const res = await call(app, method, path, token, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const draft = async (regime: string, query = ''): Promise<Draft> => (await ok('GET', `/api/reports/draft?fiscalYear=${year}&regime=${regime}${query}`)) as Draft;
  const detail = async (reportId: string): Promise<Detail> => (await ok('GET', `/api/reports/${reportId}`, undefined, users.viewer)) as Detail;
  const selected = async () => (await call(app, 'GET', '/api/auth-user', users.admin)).body.user.selectedCompanyId as string;
  const sql = async <T>(text: string, bindings: unknown[]): Promise<T[]> => (await app.infra.db.knex.raw<{ rows: T[] }>(text, bindings as never)).rows;
  const micro = (text: string) => BigInt(text.replace('.', ''));

  it.each([
    ['shk', '/api/reports/shk'],
    ['energyConservation', '/api/reports/energy'],
  ] as const)('the %s draft is the report its own route gives at the same position, hashed over its canonical JSON, with the headline filing would record', async (regime, route) => {
    const d = await draft(regime);
    expect(d.content.regime).toBe(regime);
    expect(d.sha256).toBe(createHash('sha256').update(canonicalJson(d.content)).digest('hex'));
    const own = (await ok('GET', `${route}?fiscalYear=${year}&asOf=${d.content.position}`)) as { content: unknown; sha256: string };
    expect(own.content).toEqual(d.content);
    expect(own.sha256).toBe(d.sha256);
    if (regime === 'shk') {
      const c = d.content as unknown as { basic: { kg: string }; adjusted: { kg: string }; energyCo2: { basic: { kg: string }; adjusted: { kg: string } }; thresholds: { energy: { crudeOilKl: string } }; classification: { rule: string; lines: number }[] };
      expect(d.headline.figures).toEqual([
        { figure: 'basicKg', unit: 'kg', value: c.basic.kg },
        { figure: 'adjustedKg', unit: 'kg', value: c.adjusted.kg },
        { figure: 'energyCo2BasicKg', unit: 'kg', value: c.energyCo2.basic.kg },
        { figure: 'energyCo2AdjustedKg', unit: 'kg', value: c.energyCo2.adjusted.kg },
        { figure: 'crudeOilKl', unit: 'kL', value: c.thresholds.energy.crudeOilKl },
      ]);
      // The lines SHK counts: the year's scope-1 and scope-2 lines (scope 3 and water are outside it).
      const counted = await sql<{ n: number }>(`select count(*)::int as n from emission_ledger where company_id = ? and fiscal_year = ? and scope_category in ('1', '2')`, [await selected(), year]);
      expect(d.headline.lines).toBe(counted[0]!.n);
    } else {
      const c = d.content as unknown as { years: { fiscalYear: number; gj: string; crudeOilKl: string; lines: number }[] };
      const fy = c.years.at(-1)!;
      expect(fy.fiscalYear).toBe(year);
      expect(d.headline).toEqual({ lines: fy.lines, figures: [{ figure: 'gj', unit: 'GJ', value: fy.gj }, { figure: 'crudeOilKl', unit: 'kL', value: fy.crudeOilKl }] });
      // The denominators and their values, folded from the audit log as of the position, are the read models' of now.
      const values = await sql<{ fiscal_year: number; intensity_id: string; name: string; unit: string; value: string }>(
        `select m.fiscal_year, m.intensity_id, i.name, i.unit, m.value::text as value from management_intensities m join intensities i on i.id = m.intensity_id
          where m.company_id = ? and m.fiscal_year between ? and ? order by m.fiscal_year, m.intensity_id`,
        [await selected(), year - 4, year],
      );
      const shown = (d.content as unknown as { years: { fiscalYear: number; intensities: { intensityId: string; name: string; unit: string; value: string }[] }[] }).years.flatMap((y) =>
        y.intensities.map((i) => ({ fiscal_year: y.fiscalYear, intensity_id: i.intensityId, name: i.name, unit: i.unit, value: i.value })),
      );
      expect(shown.sort((a, b) => a.fiscal_year - b.fiscal_year || a.intensity_id.localeCompare(b.intensity_id))).toEqual(values);
      expect(values).toContainEqual({ fiscal_year: year, intensity_id: denominator.intensityId, name: '生産量（提出テスト）', unit: 't', value: '12.500000' });
    }
    expect(d.headline.lines).toBeGreaterThan(0);
  });

  it.each(['shk', 'energyConservation'] as const)('files the %s report shown; refuses another hash, a position not reflected yet, a viewer and an empty year, appending nothing', async (regime) => {
    const d = await draft(regime);
    const body = { fiscalYear: year, regime, position: d.content.position, sha256: d.sha256 };
    expect((await refusedCall(app, 'POST', '/api/reports/file', users.admin, { ...body, sha256: '0'.repeat(64) })).body.code).toBe('report_changed');
    // The GHG Protocol's hash of the same position is not this report's.
    const ghg = await draft('ghgProtocol', `&asOf=${d.content.position}`);
    expect((await refusedCall(app, 'POST', '/api/reports/file', users.admin, { ...body, sha256: ghg.sha256 })).body.code).toBe('report_changed');
    expect((await refusedCall(app, 'POST', '/api/reports/file', users.admin, { ...body, position: '999999999999' })).body.code).toBe('as_of_ahead');
    expect((await refusedCall(app, 'POST', '/api/reports/file', users.viewer, body)).status).toBe(403);
    const empty = await call(app, 'GET', `/api/reports/draft?fiscalYear=1990&regime=${regime}`, users.admin);
    expect(empty.body.headline.lines).toBe(0);
    expect((await refusedCall(app, 'POST', '/api/reports/file', users.admin, { ...body, fiscalYear: 1990, position: empty.body.content.position, sha256: empty.body.sha256 })).body.code).toBe('report_empty');
    expect((await ok('GET', `/api/reports?fiscalYear=${year}`)).reports.filter((r: Filed) => r.regime === regime)).toEqual([]);

    const report = (await ok('POST', '/api/reports/file', { ...body, note: `${regime} filed` })).report as Filed;
    expect(report).toMatchObject({ regime, position: d.content.position, sha256: d.sha256, figures: d.headline.figures, scope1Kg: null });
    const listed = (await ok('GET', `/api/reports?fiscalYear=${year}`, undefined, users.viewer)).reports as Filed[];
    expect(listed.find((r) => r.reportId === report.reportId)).toEqual(report);
    filed[regime] = report;

    const now = await detail(report.reportId);
    expect(now.asFiled).toMatchObject({ sha256: d.sha256, reproduced: true, content: d.content });
    // Nothing changed since: every figure as filed, a difference of zero.
    expect(now.figures.map((f) => [f.figure, f.filed, f.difference])).toEqual(d.headline.figures.map((f) => [f.figure, f.value, '0.000000']));
    expect(now.categories).toEqual([]);
    expect(now.supplement).toBeNull();
    expect(now.linesCompared).toBe(regime === 'shk');
  });

  it("another company's filing is not found; the GHG Protocol's workbook and audit pack are not this regime's", async () => {
    for (const report of [filed.shk!, filed.energyConservation!]) {
      expect((await call(app, 'GET', `/api/reports/${report.reportId}`, users.logistics)).status).toBe(404);
      expect((await refusedCall(app, 'POST', '/api/reports/xlsx', users.admin, { reportId: report.reportId })).body.code).toBe('report_not_found');
      expect((await refusedCall(app, 'POST', '/api/reports/audit-pack', users.admin, { reportId: report.reportId })).body.code).toBe('report_not_found');
    }
  });

  it('after a late line, a certificate and a section’s report type changed: now differs by exactly them, the filings still re-render to their hashes, after a full rebuild of every read model too', async () => {
    const shk = filed.shk!;
    const energy = filed.energyConservation!;
    const companyId = await selected();
    // A scope-2 setting the demo already records electricity of that year with (kWh).
    const [setting] = await sql<{ scope_setting_id: string }>(
      `select scope_setting_id from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = '2' and unit = 'kWh' and co2e_location_kg is not null order by deal_id limit 1`,
      [companyId, year],
    );
    expect(setting).toBeDefined();
    await ok('POST', '/api/user-input-emission', { deal: { id: 'filing-late-power', count: 1000, countUnit: 'kWh', occurrenceDate: `${year}/7/1` }, scopeSetting: { id: setting!.scope_setting_id, scopeCategory: '2' } });
    const [late] = await sql<{ location: string; market: string | null }>(`select co2e_location_kg::text as location, co2e_market_kg::text as market from emission_ledger where company_id = ? and deal_id = 'filing-late-power'`, [companyId]);
    expect(Number(late!.location)).toBeGreaterThan(0);
    // A company-wide certificate of the year (SHK deducts it from the adjusted figure only), and a section's report type.
    await ok('POST', '/api/non-fossil-certificate', { certificateType: 'non_fit_renewable', quantityKwh: 500, periodFrom: `${year}-04-01`, periodTo: `${year}-09-30`, fiscalYear: year, tracking: false });
    // A section below the company's root with lines of the five years, so its type shows in the report.
    const sections = (await ok('GET', '/api/company-section')).companySections as { id: string; name: string; parentSection: string | null; energyConservationActReportSectionType: string | null }[];
    const withLines = await sql<{ section_id: string }>(
      `select section_id from emission_ledger where company_id = ? and fiscal_year between ? and ? and scope_category in ('1', '2') group by section_id order by count(*) desc`,
      [companyId, year - 4, year],
    );
    const section = withLines.map((r) => sections.find((s) => s.id === r.section_id && s.parentSection !== null)).find((s) => s !== undefined)!;
    expect(section).toBeDefined();
    await ok('POST', '/api/company-section', { section: { id: section.id, name: section.name, parentSection: section.parentSection, energyConservationActReportSectionType: `filing-test ${section.energyConservationActReportSectionType ?? ''}` } });
    // The year's production, corrected: 12.5 t → 20 t.
    await ok('POST', '/api/management-intensity', { id: denominator.valueId, intensityId: denominator.intensityId, fiscalYear: year, value: 20, expectedVersion: denominator.version });

    const check = async () => {
      const s = await detail(shk.reportId);
      expect(s.asFiled).toMatchObject({ sha256: shk.sha256, reproduced: true });
      expect(s.now.sha256).not.toBe(shk.sha256);
      // 基礎排出量 takes scope 2 on its location-based figure: it grew by the late line's location kg, exactly.
      const basic = s.figures.find((f) => f.figure === 'basicKg')!;
      expect(micro(basic.difference)).toBe(micro(Number(late!.location).toFixed(6)));
      expect(micro(basic.now) - micro(basic.filed)).toBe(micro(basic.difference));
      // The late line, the one line changed, with its event and cause; scope 3 lines are not SHK's.
      expect(s.lines.map((l) => [l.dealId, l.filedKg, l.events.map((e) => [e.type, e.cause])])).toEqual([['filing-late-power', null, [['ActivityLineRecorded', 'lateEntry']]]]);
      expect(s.causes).toEqual([{ cause: 'lateEntry', lines: 1, differenceKg: s.lines[0]!.differenceKg }]);

      const e = await detail(energy.reportId);
      // The section's report type changed after the filing: the filed report still reads the type as it was then.
      expect(e.asFiled).toMatchObject({ sha256: energy.sha256, reproduced: true });
      expect(e.now.sha256).not.toBe(energy.sha256);
      // 1,000 kWh = 1 千kWh × the fiscal year's GJ/千kWh (8.64 from FY2023, 9.76 before).
      const gj = e.figures.find((f) => f.figure === 'gj')!;
      expect(gj.difference).toBe(year >= 2023 ? '8.640000' : '9.760000');
      expect(e.linesCompared).toBe(false);
      expect(e.lines).toEqual([]);
      return { s, e };
    };
    const before = await check();

    await rebuildProjections({ db: app.infra.db, eventStore: app.infra.eventStore, projections: allProjections, names: allProjections.map((p) => p.name) });
    const after = await check();
    expect(after.s.asFiled).toEqual(before.s.asFiled);
    expect(after.e.asFiled).toEqual(before.e.asFiled);
    expect(after.s.now).toEqual(before.s.now);
    expect(after.e.now).toEqual(before.e.now);
    expect((await ok('GET', `/api/reports?fiscalYear=${year}`)).reports.filter((r: Filed) => r.regime !== 'ghgProtocol')).toHaveLength(2);

    // The section's report type is in the energy report of now, and not in the one as filed.
    const type = `filing-test ${section.energyConservationActReportSectionType ?? ''}`;
    const types = (content: unknown) => (content as { years: { bySectionType: { sectionType: string | null }[] }[] }).years.flatMap((y) => y.bySectionType.map((b) => b.sectionType));
    expect(types(after.e.now.content)).toContain(type);
    expect(types(after.e.asFiled.content)).not.toContain(type);
    // The denominator's value as it was at the filing (12.5), and as it is now (20): kL ÷ each.
    const denominatorOf = (content: unknown) =>
      (content as { years: { fiscalYear: number; crudeOilKl: string; intensities: { intensityId: string; value: string; klPerUnit: string }[] }[] }).years
        .find((y) => y.fiscalYear === year)!
        .intensities.find((i) => i.intensityId === denominator.intensityId)!;
    expect(denominatorOf(after.e.asFiled.content).value).toBe('12.500000');
    expect(denominatorOf(after.e.now.content).value).toBe('20.000000');
  });
});
