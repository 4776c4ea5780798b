import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fiscalYearOf, kgText, microOf } from '@ghg/domain';
import { call, describeOnBackends, loginDemoUsers, type RunningApp } from './embeddedApp';

/**
 * A filed report's detail says what caused each difference since the filing, by cause, with kg
 * (domain/src/reports/differenceCauses.ts), and shows the inventory's supplement as of the filed
 * position, not as of now (domain/src/reports/inventorySupplement.ts, docs/api.md "Reports").
 *
 * After filing last fiscal year's report: a late line (1,000 kWh × 0.5 kg/kWh = 500 kg), a demo
 * fuel line corrected to twice its quantity (+ its filed kg), another removed (− its filed kg), a
 * line in a section created after the filing (200 kWh × 0.5 = 100 kg), and the year restated from
 * AR6 to AR5, which moves only the 10 kg HFC-134a line filed before: 10 × (1,300 − 1,530) = −2,300 kg.
 */
describeOnBackends('the causes of a filed report’s difference, and its supplement as filed', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  const year = fiscalYearOf(new Date(), 4) - 1;
  type Content = { position: string; scope1Kg: string; scope2LocationKg: string; scope3Kg: string; categories: { scopeCategory: string; co2eKg: string; lines: number }[]; gases: { gas: string; kg: string }[] };
  type Detail = {
    report: { reportId: string; position: string };
    asFiled: { content: Content; reproduced: boolean };
    now: { content: Content };
    lines: { dealId: string; filedKg: string | null; nowKg: string | null; differenceKg: string; events: { type: string; cause: string | null; differenceKg: string }[] }[];
    moreLines: number;
    causes: { cause: string; lines: number; differenceKg: string }[];
    supplement: {
      position: string;
      baseYear: { baseYear: number; baseYearKg: string; reportKg: string; changeKg: string; records: { kind: string }[] } | null;
      targets: { scopeCategory: string; goalKg: string; baseYearKg: string; reportKg: string; reductionKg: string; progressPercent: number | null }[];
      offsets: { type: string; invalidOrRelocationQuantity: number }[];
      offsetsTonnes: string;
      certificates: { quantityKwh: number }[];
      certificatesKwh: string;
      exclusions: { categories: { scopeCategory: string; scopeSettings: number }[]; gases: string[]; unsplitKg: string };
    };
  };
  let detail: Detail;
  let filed: Content;
  const kgOfDeal = new Map<string, string>();
  let corrected = '';
  let removed = '';
  const LATE = 'causes-late';
  const ORGANISATION = 'causes-new-section';
  const HFC = 'causes-hfc';

  const ok = async (method: string, url: string, body?: unknown) => {
    const res = await call(app, method, url, users.admin, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const scopeSetting = async (scopeCategory: string, formulaId: string, section: string, detail: Record<string, unknown>) =>
    ((await ok('POST', '/api/create-scope-settings', { scopeSettings: [{ scopeCategory, formulaId, section, detail }] })).scopeSettings as { id: string }[])[0]!.id;

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
    const companyId = (await ok('GET', '/api/auth-user')).user.selectedCompanyId as string;
    const sections = (await ok('GET', '/api/company-section')).companySections as { id: string; name: string }[];
    const plant = sections.find((s) => s.name === '第一工場')!.id;
    const electricity = await scopeSetting('2', 's2.location', plant, { emissionIntensity: { value: 0.5, unit: 'kg-CO2e/kWh' } });

    // Before the filing: a refrigerant leak (10 kg HFC-134a × 1,530 = 15,300 kg on AR6), the base year (two years back),
    // a scope-1 goal, an offset and a certificate of the year.
    const hfc = await scopeSetting('1', 's1.gas', plant, { ghgType: 'HFC', gas: 'HFC-134a' });
    expect((await ok('POST', '/api/user-input-emission', { deal: { id: HFC, count: 10, countUnit: 'kg', occurrenceDate: `${year}-08-01` }, scopeSetting: { id: hfc } })).line.co2eKg).toBe(15300);
    const baseDraft = await ok('GET', `/api/reports/draft?fiscalYear=${year - 1}`);
    await ok('POST', '/api/base-year', { baseYear: year - 1, position: baseDraft.content.position, sha256: baseDraft.sha256 });
    await ok('POST', '/api/reduction-goal', { reductionGoals: [{ scopeCategory: '1', goalYear: 2030, targetYear: year - 1, targetEmission: 2000, goalEmission: 1000 }] });
    await ok('POST', '/api/offset', { type: 'J-クレジット', particularNumberFrom: 'JCR-0001', particularNumberTo: 'JCR-0025', invalidOrRelocationQuantity: 2.5, invalidOrRelocationDate: `${year}-09-30`, authType: '無効化' });
    const certificate = (await ok('POST', '/api/non-fossil-certificate', { certificateType: 'fit', quantityKwh: 12000, periodFrom: `${year}-04-01`, periodTo: `${year}-09-30`, fiscalYear: year, tracking: false })).nonFossilCertificate as {
      id: string;
    };

    const draft = await ok('GET', `/api/reports/draft?fiscalYear=${year}`);
    const report = (await ok('POST', '/api/reports/file', { fiscalYear: year, regime: 'ghgProtocol', position: draft.content.position, sha256: draft.sha256 })).report as { reportId: string };

    // After the filing. Settings first: none of these is in the supplement of the report as filed.
    const goals = (await ok('GET', '/api/reduction-goal?goalYear=2030')).reductionGoals as { id: string; scopeCategory: string; version: number }[];
    const goal = goals.find((g) => g.scopeCategory === '1')!;
    await ok('POST', '/api/reduction-goal', { reductionGoals: [{ id: goal.id, scopeCategory: '1', goalYear: 2030, targetYear: year - 1, targetEmission: 2000, goalEmission: 500, expectedVersion: goal.version }] });
    await ok('POST', '/api/offset', { type: 'J-クレジット', particularNumberFrom: 'JCR-0100', particularNumberTo: 'JCR-0199', invalidOrRelocationQuantity: 100, invalidOrRelocationDate: `${year}-10-01`, authType: '無効化' });
    await ok('DELETE', `/api/non-fossil-certificate/${certificate.id}`, {});

    // The lines: late, corrected, removed, and one in a section created since.
    await ok('POST', '/api/user-input-emission', { deal: { id: LATE, count: 1000, countUnit: 'kWh', occurrenceDate: `${year}-07-01` }, scopeSetting: { id: electricity } });
    const { rows } = await app.infra.db.knex.raw<{ rows: { deal_id: string; deal: { count: number; countUnit: string; occurrenceDate: string }; scope_setting_id: string; co2e_kg: string }[] }>(
      `select deal_id, deal, scope_setting_id, co2e_kg::text as co2e_kg from emission_ledger where company_id = ? and fiscal_year = ? and scope_category = '1' and (deal->>'count') is not null and deal_id <> ? order by deal_id limit 2`,
      [companyId, year, HFC],
    );
    for (const r of rows) kgOfDeal.set(r.deal_id, r.co2e_kg);
    corrected = rows[0]!.deal_id;
    removed = rows[1]!.deal_id;
    const before = rows[0]!.deal;
    await ok('POST', '/api/user-input-emission', {
      deal: { id: corrected, count: before.count * 2, countUnit: before.countUnit, occurrenceDate: before.occurrenceDate },
      scopeSetting: { id: rows[0]!.scope_setting_id, scopeCategory: '1' },
    });
    await ok('DELETE', '/api/user-input-emission/', { deal: { id: removed }, scopeSetting: { id: rows[1]!.scope_setting_id } });
    const created = (await ok('POST', '/api/company-section', { section: { name: '新工場', parentSection: plant } })).companySection as { id: string };
    const newPlant = await scopeSetting('2', 's2.location', created.id, { emissionIntensity: { value: 0.5, unit: 'kg-CO2e/kWh' } });
    await ok('POST', '/api/user-input-emission', { deal: { id: ORGANISATION, count: 200, countUnit: 'kWh', occurrenceDate: `${year}-10-01` }, scopeSetting: { id: newPlant } });

    // Last, the year restated to AR5: every line of the year recalculated, only the HFC line's figure moves.
    const restated = await ok('POST', '/api/calculation-basis', { fiscalYear: year, gwpSet: 'AR5', reason: 'AR5 for comparability' });
    expect(restated.recalculation.recalculated).toBeGreaterThan(10);

    detail = (await ok('GET', `/api/reports/${report.reportId}`)) as Detail;
    filed = detail.asFiled.content;
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('adds up the difference by cause with the arithmetic of each change, and the causes add up to the difference of the lines', () => {
    expect(detail.asFiled.reproduced).toBe(true);
    // Twice the quantity: about the filed figure again (each figure is rounded to the microgram on its own).
    const correctedLine = detail.lines.find((l) => l.dealId === corrected)!;
    expect(Math.abs(Number(correctedLine.differenceKg) - Number(kgOfDeal.get(corrected)))).toBeLessThanOrEqual(0.000001);
    const removedKg = kgOfDeal.get(removed)!;
    expect(detail.causes).toEqual([
      { cause: 'lateEntry', lines: 1, differenceKg: '500.000000' }, // 1,000 kWh × 0.5
      { cause: 'correction', lines: 1, differenceKg: correctedLine.differenceKg },
      { cause: 'removal', lines: 1, differenceKg: kgText(-microOf(removedKg)) },
      { cause: 'restatement', lines: 1, differenceKg: '-2300.000000' }, // 10 kg × (1,300 − 1,530)
      { cause: 'organisation', lines: 1, differenceKg: '100.000000' }, // 200 kWh × 0.5
    ]);
    const sum = (c: Content) => c.categories.reduce((s, k) => s + microOf(k.co2eKg), 0n);
    expect(kgText(detail.causes.reduce((s, c) => s + microOf(c.differenceKg), 0n))).toBe(kgText(sum(detail.now.content) - sum(filed)));
  });

  it('gives each listed event its cause and kg; the recalculations that moved nothing have none', () => {
    const late = detail.lines.find((l) => l.dealId === LATE)!;
    expect(late.events.map((e) => [e.type, e.cause, e.differenceKg])).toEqual([
      ['ActivityLineRecorded', 'lateEntry', '500.000000'],
      ['ActivityLineRecalculated', null, '0.000000'],
    ]);
    const hfc = detail.lines.find((l) => l.dealId === HFC)!;
    expect([hfc.filedKg, hfc.nowKg]).toEqual(['15300.000000', '13000.000000']);
    expect(hfc.events.map((e) => e.cause)).toEqual(['restatement']);
    // Lines whose figures the restatement left alone are not listed at all.
    expect(detail.lines).toHaveLength(5);
    expect(detail.moreLines).toBe(0);
  });

  it('the base year’s page says what moved it by cause too', async () => {
    const baseYear = (await ok('GET', '/api/base-year')) as { causes: unknown[]; lines: unknown[] };
    expect(baseYear.causes).toEqual([]);
    expect(baseYear.lines).toEqual([]);
  });

  it('shows the supplement as of the filed position: the base year, the goal, the offset and the certificate as they were, none of the later changes', () => {
    const s = detail.supplement;
    expect(s.position).toBe(detail.report.position);
    // Base year: scope 1 + scope 2 location-based + scope 3 of each.
    const total = (c: Content) => kgText(microOf(c.scope1Kg) + microOf(c.scope2LocationKg) + microOf(c.scope3Kg));
    expect(s.baseYear).toMatchObject({ baseYear: year - 1, reportKg: total(filed), records: [{ kind: 'set' }] });
    expect(s.baseYear!.changeKg).toBe(kgText(microOf(total(filed)) - microOf(s.baseYear!.baseYearKg)));
    // The goal as filed (1,000 t, not the 500 t it was changed to): scope 1 against 2,000 t.
    const scope1 = microOf(filed.scope1Kg);
    expect(s.targets).toHaveLength(1);
    expect(s.targets[0]).toMatchObject({ scopeCategory: '1', baseYearKg: '2000000.000000', goalKg: '1000000.000000', reportKg: filed.scope1Kg, reductionKg: kgText(2_000_000_000_000n - scope1) });
    expect(s.targets[0]!.progressPercent).toBeCloseTo(((2_000_000 - Number(filed.scope1Kg)) / (2_000_000 - 1_000_000)) * 100, 9);
    // The offset of before the filing only (2.5 t), the certificate removed since still there.
    expect(s.offsets.map((o) => o.invalidOrRelocationQuantity)).toEqual([2.5]);
    expect(s.offsetsTonnes).toBe('2.500000');
    expect(s.certificatesKwh).toBe('12000.000000');
    // Never subtracted: the filed figures are the inventory's own.
    expect(filed.scope2LocationKg).toBe(detail.asFiled.content.scope2LocationKg);
  });

  it('names the categories and gases the inventory leaves out', () => {
    const { exclusions } = detail.supplement;
    const reported = new Set(filed.categories.map((c) => c.scopeCategory));
    const expected = ['1', '2', '31', '32', '33', '34', '35', '36', '37', '38', '39', '310', '311', '312', '313', '314', '315'].filter((c) => !reported.has(c));
    expect(exclusions.categories.map((c) => c.scopeCategory)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    // The demo's gases: CO2, CO2e (factors with no split), and the HFC line's HFC-134a.
    expect(exclusions.gases).toEqual(['CH4', 'N2O', 'PFC', 'SF6', 'NF3']);
    expect(exclusions.unsplitKg).toBe(filed.gases.find((g) => g.gas === 'CO2e')!.kg);
  });

  it('puts the supplement in the workbook as sheets of its own, each saying it is outside the hashed content', async () => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/reports/xlsx',
      headers: { authorization: `Bearer ${users.viewer}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ reportId: detail.report.reportId }),
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names = book.worksheets.map((w) => w.name);
    expect(names.slice(-4)).toEqual(['基準年', '目標と進捗', 'オフセットと証書', '除外']);
    for (const name of names.slice(-4)) expect(String(book.getWorksheet(name)!.getCell('A1').value)).toContain(`ログ位置 ${detail.report.position}`);
    const offsets = book.getWorksheet('オフセットと証書')!;
    const values = offsets.getSheetValues().flat().filter((v) => typeof v === 'number');
    expect(values).toContain(2.5);
    expect(values).not.toContain(100);
  });
});
