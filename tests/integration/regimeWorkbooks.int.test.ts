import { afterAll, beforeAll, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { fiscalYearOf } from '@ghg/domain';
import { catalogues } from '@ghg/locales';
import { call, describeOnBackends, loginDemoUsers, type RunningApp } from './embeddedApp';

/**
 * The 省エネ法 and 温対法 SHK reports as workbooks (POST /api/reports/energy/xlsx and
 * /api/reports/shk/xlsx; docs/energy-report.md and docs/shk-report.md, "Workbook"): read back with
 * ExcelJS, every figure equals the JSON report of the same position, the figures the workbook adds
 * (the fuels' subtotal, the year-on-year intensity, the tonnes before adjustments) equal arithmetic
 * written out here, and an English user gets English headings.
 */
const en = catalogues.en;
type Row = unknown[];

/** The sheet's rows, cells 0-based; an empty row is []. */
function rowsOf(ws: ExcelJS.Worksheet): Row[] {
  const rows: Row[] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    const values = row.values as unknown[];
    rows.push(Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => values[i + 1] ?? null));
  });
  return rows;
}
/** The rows of the block whose heading row starts with `first` (the `nth` such block, up to the next empty row), and its headings. */
function block(rows: Row[], first: string, nth = 0): { headings: Row; rows: Row[] } {
  const starts = rows.flatMap((r, i) => (r[0] === first ? [i] : []));
  expect(starts.length, `a block headed "${first}"`).toBeGreaterThan(nth);
  const start = starts[nth]!;
  const end = rows.findIndex((r, i) => i > start && r.length === 0);
  const headings = rows[start]!;
  // A row's empty cells at its end are not stored: pad each row to its headings.
  return { headings, rows: rows.slice(start + 1, end < 0 ? undefined : end).map((r) => [...r, ...Array<null>(Math.max(0, headings.length - r.length)).fill(null)]) };
}
/** The row whose first cell is `label`. */
const rowOf = (rows: Row[], label: string): Row => {
  const row = rows.find((r) => r[0] === label);
  expect(row, `a row "${label}"`).toBeDefined();
  return row!;
};
/** Whole millionths of a report's decimal text, to do the test's arithmetic exactly. */
const micro = (text: string) => BigInt(text.replace('.', ''));
const textOf = (m: bigint) => `${m / 1_000_000n}.${String(m % 1_000_000n).padStart(6, '0')}`;
/** a ÷ b rounded half up (both ≥ 0). */
const divRound = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

describeOnBackends('the 省エネ法 and SHK reports as workbooks', (start) => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;
  const year = fiscalYearOf(new Date(), 4) - 1;

  const ok = async (method: string, url: string, token: string, body?: unknown) => {
    const res = await call(app, method, url, token, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const download = async (url: string, token: string, payload: unknown) => {
    const res = await app.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return { book, disposition: String(res.headers['content-disposition']) };
  };

  beforeAll(async () => {
    app = await start();
    users = await loginDemoUsers(app);
    // The viewer reads in English; the admin keeps Japanese.
    expect((await ok('PUT', '/api/user', users.viewer, { user: { language: 'en' } })).user.language).toBe('en');
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('energy: 特定-第2表, five years by type and section type, and the intensity table hold the JSON report’s figures', async () => {
    // An intensity denominator with values in the last two years (the demo's energy is in those): 250 and 240 t.
    const intensityId = (await ok('POST', '/api/intensity', users.admin, { name: '生産量', unit: 't' })).intensity.id as string;
    await ok('POST', '/api/management-intensity', users.admin, { intensityId, fiscalYear: year - 1, value: '250' });
    await ok('POST', '/api/management-intensity', users.admin, { intensityId, fiscalYear: year, value: '240' });
    type Year = {
      fiscalYear: number;
      lines: number;
      gj: string;
      crudeOilKl: string;
      byType: { energyType: string; lines: number; gj: string; crudeOilKl: string }[];
      bySectionType: { sectionType: string | null; gj: string; crudeOilKl: string }[];
      intensities: { intensityId: string; value: string; klPerUnit: string }[];
    };
    const json = (await ok('GET', `/api/reports/energy?fiscalYear=${year}`, users.viewer)) as { content: { position: string; years: Year[] }; sha256: string; gaps: { kind: string; dealIds?: string[] }[] };
    const { position, years } = json.content;
    const current = years.at(-1)!;

    const { book, disposition } = await download('/api/reports/energy/xlsx', users.viewer, { fiscalYear: year, asOf: position });
    expect(disposition).toBe(`attachment; filename="energy-report-FY${year}-position-${position}.xlsx"`);
    expect(book.worksheets.map((w) => w.name)).toEqual(
      ['energyReport.xlsx.sheet.about', 'energyReport.xlsx.sheet.table2', 'energyReport.xlsx.sheet.byType', 'energyReport.xlsx.sheet.bySectionType', 'energyReport.xlsx.sheet.intensity'].map((id) => en[id as keyof typeof en]),
    );
    const [about, table2, byType, bySection, intensity] = book.worksheets.map(rowsOf);

    // About: the company's report of this year at this position, its hash, and one line per gap.
    const facts = block(about!, en['reports.xlsx.item']);
    expect(facts.headings).toEqual([en['reports.xlsx.item'], en['reports.xlsx.value']]);
    expect(rowOf(facts.rows, en['audit.field.fiscalYear'])[1]).toBe(year);
    expect(rowOf(facts.rows, en['audit.field.position'])[1]).toBe(position);
    expect(rowOf(facts.rows, en['audit.field.sha256'])[1]).toBe(json.sha256);
    expect(rowOf(facts.rows, en['energyReport.xlsx.asOf'])[1]).toBe(position);
    expect(about![0]![0]).toBe(en['energyReport.xlsx.title']);
    expect(block(about!, en['energyReport.xlsx.notes']).rows.flat()).toContain(en['energyReport.xlsx.note.purpose']);
    const gapLines = block(about!, en['energyReport.xlsx.gaps']).rows.map((r) => String(r[0]));
    expect(json.gaps.length).toBeGreaterThan(0);
    expect(gapLines).toHaveLength(json.gaps.length);
    json.gaps.forEach((g, i) => (g.dealIds ?? []).forEach((id) => expect(gapLines[i]).toContain(id)));

    // 特定-第2表: every type of the form, in English; figures the report's (0 where the type has none).
    const table = block(table2!, en['energyReport.column.type']);
    expect(table.headings).toEqual(
      ['energyReport.column.type', 'energyReport.xlsx.column.unit', 'energyReport.xlsx.column.quantity', 'energyReport.xlsx.column.gj', 'energyReport.xlsx.column.kl', 'energyReport.xlsx.column.lines'].map((id) => en[id as keyof typeof en]),
    );
    const formName: Record<string, string> = {
      gasoline: en['energyReport.xlsx.form.gasoline'],
      kerosene: en['energyReport.type.kerosene'],
      diesel: en['energyReport.type.diesel'],
      heavyOilA: en['energyReport.type.heavyOilA'],
      lpg: en['energyReport.type.lpg'],
      cityGas: en['energyReport.type.cityGas'],
      electricity: en['energyReport.xlsx.form.electricity'],
      other: en['energyReport.xlsx.form.other'],
    };
    expect(table.rows.map((r) => r[0])).toEqual([...Object.entries(formName).filter(([type]) => type !== 'electricity').map(([, name]) => name), en['energyReport.xlsx.fuelSubtotal'], formName.electricity, en['energyReport.total']]);
    for (const [type, name] of Object.entries(formName)) {
      const b = current.byType.find((x) => x.energyType === type);
      expect(rowOf(table.rows, name).slice(3), type).toEqual([Number(b?.gj ?? 0), Number(b?.crudeOilKl ?? 0), b?.lines ?? 0]);
    }
    expect(rowOf(table.rows, formName.electricity!)[1]).toBe(en['energyReport.xlsx.unit.thousandKwh']);
    // Fuels' subtotal = the fuel types' GJ summed; its kL = that GJ × 0.0258, rounded to 6 decimals.
    const fuels = current.byType.filter((b) => b.energyType !== 'electricity');
    expect(fuels.length).toBeGreaterThan(0);
    const fuelGj = fuels.reduce((sum, b) => sum + micro(b.gj), 0n);
    const fuelKl = divRound(fuelGj * 258n, 10_000n);
    expect(rowOf(table.rows, en['energyReport.xlsx.fuelSubtotal']).slice(3)).toEqual([Number(textOf(fuelGj)), Number(textOf(fuelKl)), fuels.reduce((n, b) => n + b.lines, 0)]);
    expect(rowOf(table.rows, en['energyReport.total']).slice(3)).toEqual([Number(current.gj), Number(current.crudeOilKl), current.lines]);
    // Fuels + electricity = the total, to the millionth.
    expect(fuelGj + micro(current.byType.find((b) => b.energyType === 'electricity')?.gj ?? '0.000000')).toBe(micro(current.gj));

    // Five years by type: a GJ block, a kL block, the lines.
    const yearly = (prefix: 'energyReport.column.yearGj' | 'energyReport.column.yearKl') => years.map((y) => en[prefix].replace('{year}', String(y.fiscalYear)));
    const present = Object.keys(formName).filter((type) => years.some((y) => y.byType.some((b) => b.energyType === type)));
    for (const [nth, field, prefix] of [
      [0, 'gj', 'energyReport.column.yearGj'],
      [1, 'crudeOilKl', 'energyReport.column.yearKl'],
    ] as const) {
      const b = block(byType!, en['energyReport.column.type'], nth);
      expect(b.headings).toEqual([en['energyReport.column.type'], ...yearly(prefix)]);
      for (const type of present) expect(rowOf(b.rows, formName[type]!).slice(1)).toEqual(years.map((y) => Number(y.byType.find((x) => x.energyType === type)?.[field] ?? 0)));
      expect(rowOf(b.rows, en['energyReport.total']).slice(1)).toEqual(years.map((y) => Number(y[field])));
    }
    expect(rowOf(block(byType!, en['energyReport.xlsx.column.lines']).rows, en['energyReport.total']).slice(1)).toEqual(years.map((y) => y.lines));

    // By report section type: GJ then kL, empty where a year has none of the type.
    const sectionTypes = [...new Set(years.flatMap((y) => y.bySectionType.map((s) => s.sectionType)))];
    expect(sectionTypes.length).toBeGreaterThan(0);
    for (const [nth, field] of [
      [0, 'gj'],
      [1, 'crudeOilKl'],
    ] as const) {
      const b = block(bySection!, en['energyReport.column.sectionType'], nth);
      for (const type of sectionTypes)
        expect(rowOf(b.rows, type ?? en['energyReport.sectionType.none']).slice(1)).toEqual(
          years.map((y) => {
            const s = y.bySectionType.find((x) => x.sectionType === type);
            return s ? Number(s[field]) : null;
          }),
        );
    }

    // 特定-第4表 style: the denominator over five years; this year against last = (kL/t this year) ÷ (kL/t last year) × 100, to 0.1 %.
    const b = block(intensity!, en['audit.field.fiscalYear']);
    expect(b.headings).toEqual([en['audit.field.fiscalYear'], en['energyReport.xlsx.column.klA'], '生産量 (t) (B)', en['energyReport.xlsx.column.intensity'], en['energyReport.xlsx.column.yearOnYear']]);
    const of = (y: Year) => y.intensities.find((i) => i.intensityId === intensityId) ?? null;
    expect(of(current)!.value).toBe('240.000000');
    expect(of(years.at(-2)!)!.value).toBe('250.000000');
    // kL per t = kL ÷ 240 (and ÷ 250 last year), rounded to 6 decimals.
    expect(of(current)!.klPerUnit).toBe(textOf(divRound(micro(current.crudeOilKl), 240n)));
    const tenths = divRound(micro(of(current)!.klPerUnit) * 1000n, micro(of(years.at(-2)!)!.klPerUnit));
    expect(b.rows.map((r) => r[0])).toEqual([...years.map((y) => y.fiscalYear), en['energyReport.xlsx.fiveYearAverage']]);
    years.forEach((y, i) => {
      const v = of(y);
      expect(b.rows[i]!.slice(0, 4)).toEqual([y.fiscalYear, Number(y.crudeOilKl), v ? Number(v.value) : null, v ? Number(v.klPerUnit) : null]);
    });
    expect(b.rows[4]![4]).toBe(Number(tenths) / 10);
    // No ratio where last year had no intensity, and no five-year average without all five years.
    expect(b.rows[0]![4] ?? null).toBeNull();
    expect(b.rows[5]![4] ?? null).toBeNull();

    // The admin reads Japanese: the same workbook with the form's Japanese headings.
    const ja = await download('/api/reports/energy/xlsx', users.admin, { fiscalYear: year, asOf: position });
    expect(ja.book.worksheets[1]!.name).toBe(catalogues.ja['energyReport.xlsx.sheet.table2']);
    expect(rowsOf(ja.book.worksheets[1]!).some((r) => r[0] === '揮発油')).toBe(true);
  });

  it('SHK: 様式第1 style gases and adjustments, energy-origin CO2, thresholds, credits and classification hold the JSON report’s figures', async () => {
    // A certificate of the year (10,000 kWh) and a cancelled J-クレジット of 2.5 t: two adjustment lines.
    await ok('POST', '/api/non-fossil-certificate', users.admin, { certificateType: 'non_fit_renewable', quantityKwh: 10000, periodFrom: `${year}-04-01`, periodTo: `${year}-09-30`, fiscalYear: year, tracking: false });
    await ok('POST', '/api/offset', users.admin, { type: 'J-クレジット', particularNumberFrom: 'WB-1', particularNumberTo: 'WB-25', invalidOrRelocationQuantity: 2.5, invalidOrRelocationDate: `${year}-09-30`, authType: '無効化' });
    type Figure = { kg: string; t: string };
    const json = (await ok('GET', `/api/reports/shk?fiscalYear=${year}`, users.viewer)) as {
      content: {
        position: string;
        energyCo2: Record<'fuel' | 'purchasedBasic' | 'purchasedAdjusted', Figure & { lines: number }> & Record<'basic' | 'adjusted', Figure>;
        gases: (Figure & { gas: string; lines: number })[];
        basic: Figure & { complete: boolean };
        adjusted: Figure & { beforeAdjustmentsKg: string; complete: boolean };
        adjustments: (Figure & { kind: string; quantity: string; unit: string })[];
        certificateFactor: { kgPerKwh: string; lines: number; kwh: string } | null;
        thresholds: { energy: { crudeOilKl: string; thresholdKl: string }; gases: { gas: string; t: string; thresholdT: string }[] };
        certificates: { quantityKwh: string }[];
        offsets: { type: string; quantityT: string }[];
        classification: { rule: string; scopeCategory: string; formulaId: string; lines: number }[];
        gwpSets: { id: string; version: string; lines: number }[];
      };
      sha256: string;
      gaps: { kind: string }[];
    };
    const { content } = json;
    expect(content.adjustments.map((a) => a.kind)).toEqual(['nonFossilCertificates', 'domesticCredits']);

    const { book, disposition } = await download('/api/reports/shk/xlsx', users.viewer, { fiscalYear: year, asOf: content.position });
    expect(disposition).toBe(`attachment; filename="shk-report-FY${year}-position-${content.position}.xlsx"`);
    expect(book.worksheets.map((w) => w.name)).toEqual(
      ['shkReport.xlsx.sheet.about', 'shkReport.xlsx.sheet.table2', 'shkReport.xlsx.sheet.energy', 'shkReport.xlsx.sheet.thresholds', 'shkReport.xlsx.sheet.credits', 'shkReport.xlsx.sheet.classification'].map(
        (id) => en[id as keyof typeof en],
      ),
    );
    const [about, table2, energy, thresholds, credits, classification] = book.worksheets.map(rowsOf);

    const facts = block(about!, en['reports.xlsx.item']).rows;
    expect(rowOf(facts, en['audit.field.sha256'])[1]).toBe(json.sha256);
    expect(rowOf(facts, en['audit.field.position'])[1]).toBe(content.position);
    expect(rowOf(facts, en['shkReport.basic'].replace('{year}', String(year)))[1]).toBe(Number(content.basic.t));
    expect(rowOf(facts, en['shkReport.adjusted'].replace('{year}', String(year)))[1]).toBe(Number(content.adjusted.t));
    const gapLines = block(about!, en['shkReport.xlsx.gaps']).rows;
    expect(gapLines).toHaveLength(json.gaps.length === 0 ? 1 : json.gaps.length);

    // The gases: basic and adjusted (only energy-origin CO2 differs), t and exact kg, lines.
    const gases = block(table2!, en['shkReport.xlsx.column.gasType']);
    expect(gases.headings).toEqual(
      ['shkReport.xlsx.column.gasType', 'shkReport.xlsx.column.basicT', 'shkReport.xlsx.column.adjustedT', 'shkReport.xlsx.column.basicKg', 'shkReport.xlsx.column.adjustedKg', 'shkReport.column.lines', 'shkReport.xlsx.column.note'].map(
        (id) => en[id as keyof typeof en],
      ),
    );
    expect(content.gases).toHaveLength(8);
    for (const g of content.gases) {
      const adjusted = g.gas === 'energyCo2' ? content.energyCo2.adjusted : g;
      expect(rowOf(gases.rows, en[`shkReport.gas.${g.gas}` as keyof typeof en]).slice(1, 6), g.gas).toEqual([Number(g.t), Number(adjusted.t), Number(g.kg), Number(adjusted.kg), g.lines]);
    }
    // The total: basic as reported; before the adjustments, t = trunc(kg ÷ 1000).
    const beforeT = micro(content.adjusted.beforeAdjustmentsKg) / 1_000_000_000n;
    expect(rowOf(gases.rows, en['shkReport.xlsx.total']).slice(1, 5)).toEqual([Number(content.basic.t), Number(beforeT), Number(content.basic.kg), Number(content.adjusted.beforeAdjustmentsKg)]);
    // Before the adjustments = energy-origin CO2 adjusted + the other gases.
    expect(micro(content.adjusted.beforeAdjustmentsKg)).toBe(content.gases.reduce((sum, g) => sum + micro(g.gas === 'energyCo2' ? content.energyCo2.adjusted.kg : g.kg), 0n));

    const adjustments = block(table2!, en['shkReport.column.item']).rows;
    expect(rowOf(adjustments, en['shkReport.adjustment.before']).slice(3, 5)).toEqual([Number(content.adjusted.beforeAdjustmentsKg), Number(beforeT)]);
    let deducted = 0n;
    for (const kind of ['nonFossilCertificates', 'domesticCredits', 'jcmCredits', 'greenEnergyCertificates']) {
      const a = content.adjustments.find((x) => x.kind === kind);
      deducted += micro(a?.kg ?? '0.000000');
      expect(rowOf(adjustments, `− ${en[`shkReport.adjustment.${kind}` as keyof typeof en]}`).slice(1, 5), kind).toEqual(a ? [Number(a.quantity), a.unit, Number(a.kg), Number(a.t)] : [null, null, 0, 0]);
    }
    // The J-クレジット: 2.5 t = 2,500 kg.
    expect(content.adjustments.find((a) => a.kind === 'domesticCredits')!.kg).toBe('2500.000000');
    expect(rowOf(adjustments, `= ${en['shkReport.adjustment.result']}`).slice(3, 5)).toEqual([Number(content.adjusted.kg), Number(content.adjusted.t)]);
    // 調整後排出量 = before − the adjustments.
    expect(micro(content.adjusted.kg)).toBe(micro(content.adjusted.beforeAdjustmentsKg) - deducted);

    // Energy-origin CO2 by source: lines, kg, t.
    const e = block(energy!, en['shkReport.column.item']).rows;
    for (const [id, f] of [
      ['shkReport.energy.fuel', content.energyCo2.fuel],
      ['shkReport.xlsx.energy.purchasedBasic', content.energyCo2.purchasedBasic],
      ['shkReport.xlsx.energy.purchasedAdjusted', content.energyCo2.purchasedAdjusted],
      ['shkReport.xlsx.energy.basic', content.energyCo2.basic],
      ['shkReport.xlsx.energy.adjusted', content.energyCo2.adjusted],
    ] as const)
      expect(rowOf(e, en[id]).slice(1, 4), id).toEqual(['lines' in f ? f.lines : null, Number(f.kg), Number(f.t)]);

    // Thresholds: the energy report's kL against 1,500; each other gas's t against 3,000.
    const th = block(thresholds!, en['shkReport.column.item']).rows;
    expect(rowOf(th, en['shkReport.thresholds.energy']).slice(1, 3)).toEqual([Number(content.thresholds.energy.crudeOilKl), 1500]);
    for (const g of content.thresholds.gases)
      expect(rowOf(th, en['shkReport.thresholds.gas'].replace('{gas}', en[`shkReport.gas.${g.gas}` as keyof typeof en])).slice(1, 3)).toEqual([Number(g.t), Number(g.thresholdT)]);

    // Credits, certificates and the certificates' factor.
    expect(block(credits!, en['shkReport.offsets.title']).rows.map((r) => [r[0], r[2]])).toEqual(content.offsets.map((o) => [o.type, Number(o.quantityT)]));
    expect(block(credits!, en['shkReport.certificates.title']).rows.map((r) => r[1])).toEqual(content.certificates.map((c) => Number(c.quantityKwh)));
    const factor = block(credits!, en['shkReport.xlsx.certificateFactor']).rows;
    expect(content.certificateFactor).not.toBeNull();
    expect(factor.map((r) => r[1])).toEqual([Number(content.certificateFactor!.kgPerKwh), content.certificateFactor!.lines, Number(content.certificateFactor!.kwh)]);

    // Classification and GWP sets.
    expect(block(classification!, en['shkReport.column.rule']).rows.map((r) => r.slice(1, 4))).toEqual(content.classification.map((c) => [c.scopeCategory, c.formulaId, c.lines]));
    expect(block(classification!, en['shkReport.gwpSets.title']).rows).toEqual(content.gwpSets.map((s) => [s.id, s.version, s.lines]));
  });

  it('refuses a moment not reflected yet (409), a body without the fiscal year (400)', async () => {
    for (const url of ['/api/reports/energy/xlsx', '/api/reports/shk/xlsx']) {
      const ahead = await call(app, 'POST', url, users.viewer, { fiscalYear: year, asOf: '999999999999' });
      expect([url, ahead.status, ahead.body.code]).toEqual([url, 409, 'as_of_ahead']);
      expect((await call(app, 'POST', url, users.viewer, {})).status).toBe(400);
    }
  });
});
