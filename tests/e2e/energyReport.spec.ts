/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, axeViolations, collectPageErrors, currentFiscalYear, expectPrintView, loggedInPage, messages, screenshot, settled } from './helpers';

const ja = messages('ja');

interface EnergyAnswer {
  content: { position: string; years: { fiscalYear: number; lines: number; gj: string; crudeOilKl: string; byType: { energyType: string; lines: number; gj: string; crudeOilKl: string }[] }[] };
  sha256: string;
  gaps: { kind: string; fiscalYear: number; dealIds?: string[] }[];
}

interface LedgerLine {
  dealId: string;
  scopeCategory: string;
  formulaId: string;
  fiscalYear: number;
  quantity: number | null;
  unit: string | null;
  factors: { setId: string; version: string; key: string; origin: 'library' | 'line'; values: { value: number; unit: string }[] | Record<string, number> }[];
}

/*
 * The 省エネ法 arithmetic, written out here from the demo's lines (app/src/seedDemoActivity.ts) as the
 * ledger lists them (POST /api/user-input-table-data), not taken from the report:
 *
 * - purchased electricity (scope 2, s2.location / s2.market, in kWh): GJ = kWh ÷ 1000 × 9.76 GJ/千kWh up
 *   to FY2022, × 8.64 GJ/千kWh from FY2023 (改正省エネ法);
 * - fuel (scope 1, s1.fuel): GJ = quantity × the heating value of the published factor it used — the
 *   demo's city gas is on SHK 2024, 40.0 GJ/千m³, so GJ = m³ ÷ 1000 × 40.0; the demo's diesel carries
 *   its own kg-CO2/L value (the SHK table it comes from ends before the demo years), which has no heating
 *   value: it is named as a gap, not counted;
 * - each line's GJ rounded to 6 decimals (half up), the types summed, kL = GJ × 0.0258 rounded to 6 decimals.
 *
 * Figures are kept in millionths (BigInt), so the sums are exact.
 */
const KWH_PER_UNIT: Record<string, bigint> = { kWh: 1n, MWh: 1000n };
const GJ_PER_THOUSAND_KWH_HUNDREDTHS = (fy: number) => (fy >= 2023 ? 864n : 976n); // 8.64 or 9.76
/** Heating values of the published fuel factors (GJ per thousand of the line's unit, in thousandths): 40.0 GJ/千m³ = 40000. */
const HEATING_VALUES: Record<string, { perThousand: string; milliGj: bigint; type: string }> = {
  'jp-shk@2024:fuel.cityGas': { perThousand: 'm3', milliGj: 40_000n, type: 'cityGas' }, // 40.0 GJ/千m³
  'jp-shk@legacy:fuel.diesel': { perThousand: 'L', milliGj: 37_700n, type: 'diesel' }, // 37.7 GJ/kL
  'jp-shk@legacy:fuel.gasoline': { perThousand: 'L', milliGj: 34_600n, type: 'gasoline' }, // 34.6 GJ/kL
  'jp-shk@legacy:fuel.kerosene': { perThousand: 'L', milliGj: 36_700n, type: 'kerosene' }, // 36.7 GJ/kL
  'jp-shk@legacy:fuel.heavyOilA': { perThousand: 'L', milliGj: 39_100n, type: 'heavyOilA' }, // 39.1 GJ/kL
};
/** Millionths of a quantity with at most 6 decimals (the ledger's numeric(24, 6)). */
const microOf = (value: number) => BigInt(Math.round(value * 1_000_000));
/** a ÷ b rounded half up (both ≥ 0). */
const divRound = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);
/** micro-GJ × 0.0258 kL/GJ = micro-kL, rounded half up. */
const crudeOilMicro = (gjMicro: bigint) => divRound(gjMicro * 258n, 10_000n);
const text = (micro: bigint) => `${micro / 1_000_000n}.${String(micro % 1_000_000n).padStart(6, '0')}`;

/** One line's energy: its type and micro-GJ, 'noHeatingValue' for a fuel without one, or null when it is not energy use. */
function lineEnergy(line: LedgerLine): { type: string; gjMicro: bigint } | 'noHeatingValue' | null {
  if (line.scopeCategory === '2' && (line.formulaId === 's2.location' || line.formulaId === 's2.market')) {
    const perUnit = KWH_PER_UNIT[line.unit ?? ''];
    if (perUnit === undefined) throw new Error(`electricity line ${line.dealId} in ${line.unit}: add its unit to this test`);
    // kWh × (GJ/千kWh) ÷ 1000: micro-GJ = micro-kWh × hundredths ÷ 100 ÷ 1000.
    return { type: 'electricity', gjMicro: divRound(microOf(line.quantity!) * perUnit * GJ_PER_THOUSAND_KWH_HUNDREDTHS(line.fiscalYear), 100_000n) };
  }
  if (line.scopeCategory !== '1' || (line.formulaId !== 's1.fuel' && line.formulaId !== 's1.fuel-heat')) return null;
  const published = line.factors.map((f) => HEATING_VALUES[`${f.setId}@${f.version}:${f.key}`]).find((hv) => hv !== undefined);
  if (published && line.factors.some((f) => f.origin === 'library')) {
    if (published.perThousand !== line.unit) throw new Error(`fuel line ${line.dealId} in ${line.unit}: add its conversion to this test`);
    // quantity ÷ 1000 × GJ per thousand: micro-GJ = micro-quantity × milli-GJ ÷ 1000 ÷ 1000.
    return { type: published.type, gjMicro: divRound(microOf(line.quantity!) * published.milliGj, 1_000_000n) };
  }
  const values = line.factors.flatMap((f) => (Array.isArray(f.values) ? f.values : []));
  if (values.some((v) => /^GJ\//.test(v.unit))) throw new Error(`fuel line ${line.dealId} carries its own heating value: add it to this test`);
  return 'noHeatingValue';
}

/** The company's scope-1 and scope-2 lines of a fiscal year, as the ledger lists them (scope 2 on either basis, once). */
async function linesOf(request: APIRequestContext, token: string, fiscalYear: number): Promise<LedgerLine[]> {
  const list = async (scopeId: '1' | '2', basis: 'location' | 'market') =>
    ((await api(request, token, 'POST', '/api/user-input-table-data', { fiscalYear, scopeId, scope2EmissionIntensityType: basis })) as { lines: LedgerLine[] }).lines;
  const byDeal = new Map<string, LedgerLine>();
  for (const line of [...(await list('1', 'location')), ...(await list('2', 'location')), ...(await list('2', 'market'))]) byDeal.set(line.dealId, line);
  return [...byDeal.values()];
}

test('the 省エネ法 report shows, for five years, the energy of the demo lines worked out here, the gaps, and is accessible', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const year = (await currentFiscalYear(page.request, token)) - 1;
  const answer = (await api(page.request, token, 'GET', `/api/reports/energy?fiscalYear=${year}`)) as EnergyAnswer;
  expect(answer.content.years.map((y) => y.fiscalYear)).toEqual([year - 4, year - 3, year - 2, year - 1, year]);

  // The expected figures of each year, from its lines.
  const expected = new Map<number, { gj: bigint; lines: number; byType: Map<string, { gj: bigint; lines: number }>; withoutHeatingValue: string[] }>();
  for (let fy = year - 4; fy <= year; fy++) {
    const e = { gj: 0n, lines: 0, byType: new Map<string, { gj: bigint; lines: number }>(), withoutHeatingValue: [] as string[] };
    for (const line of await linesOf(page.request, token, fy)) {
      const energy = lineEnergy(line);
      if (energy === null) continue;
      if (energy === 'noHeatingValue') {
        e.withoutHeatingValue.push(line.dealId);
        continue;
      }
      const t = e.byType.get(energy.type) ?? { gj: 0n, lines: 0 };
      e.byType.set(energy.type, { gj: t.gj + energy.gjMicro, lines: t.lines + 1 });
      e.gj += energy.gjMicro;
      e.lines += 1;
    }
    expected.set(fy, e);
  }
  // The demo records electricity and city gas in the last two of the five years (it seeds three, the third being the current one).
  for (const fy of [year - 1, year]) {
    expect(expected.get(fy)!.byType.get('electricity')?.lines ?? 0, `electricity lines of ${fy}`).toBeGreaterThan(0);
    expect(expected.get(fy)!.byType.get('cityGas')?.lines ?? 0, `city-gas lines of ${fy}`).toBeGreaterThan(0);
  }
  for (const y of answer.content.years) {
    const e = expected.get(y.fiscalYear)!;
    expect({ fiscalYear: y.fiscalYear, gj: y.gj, crudeOilKl: y.crudeOilKl, lines: y.lines }).toEqual({ fiscalYear: y.fiscalYear, gj: text(e.gj), crudeOilKl: text(crudeOilMicro(e.gj)), lines: e.lines });
    expect(Object.fromEntries(y.byType.map((t) => [t.energyType, { gj: t.gj, crudeOilKl: t.crudeOilKl, lines: t.lines }]))).toEqual(
      Object.fromEntries([...e.byType].map(([type, t]) => [type, { gj: text(t.gj), crudeOilKl: text(crudeOilMicro(t.gj)), lines: t.lines }])),
    );
    // The diesel without a heating value is named, line by line, in deal order.
    const gap = answer.gaps.find((g) => g.kind === 'fuelWithoutHeatingValue' && g.fiscalYear === y.fiscalYear);
    expect(gap?.dealIds ?? [], `fuel without a heating value in ${y.fiscalYear}`).toEqual([...e.withoutHeatingValue].sort());
  }
  const fy = answer.content.years.at(-1)!;
  const mine = expected.get(year)!;

  await page.goto(`/emission/report/energy?fiscalYear=${year}`);
  await settled(page);
  await expect(page.getByTestId('page-title')).toHaveText(ja['route.emission.report.energy']!);
  await expect(page.getByTestId('energy-total-gj')).toHaveAttribute('data-value', text(mine.gj));
  await expect(page.getByTestId('energy-total-kl')).toHaveAttribute('data-value', text(crudeOilMicro(mine.gj)));
  for (const [type, t] of mine.byType) {
    const row = page.locator(`[data-testid="energy-type-row"][data-type="${type}"]`);
    await expect(row.locator(`td[data-year="${year}"]`)).toHaveAttribute('data-value', text(t.gj));
    await expect(row.getByTestId('energy-type-kl')).toHaveAttribute('data-value', text(crudeOilMicro(t.gj)));
  }
  for (const [y, e] of expected) await expect(page.locator(`[data-testid="energy-year-total"][data-year="${y}"]`)).toHaveAttribute('data-value', text(e.gj));
  // Displayed in ja with grouping: e.g. the total GJ.
  await expect(page.getByTestId('energy-total-gj')).toContainText(new Intl.NumberFormat('ja', { maximumFractionDigits: 3 }).format(Number(text(mine.gj))));
  await expect(page.getByTestId('energy-gap')).toHaveCount(answer.gaps.length);
  if (answer.gaps.length > 0) await expect(page.getByTestId('energy-gaps')).toContainText(ja['energyReport.gap.title']!);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'energy-report', 'ja');

  // Printed (on an A4-wide page): the report without the navigation, the as-of bar or the buttons, its tables whole.
  await expectPrintView(page, { buttons: ['energy-print', 'energy-xlsx'], table: 'energy-by-type', name: 'energy-report' });

  // The workbook of what the screen shows: named by year and position; its 特定-第2表 total is the screen's (the GJ and kL worked out above).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('energy-xlsx').click()]);
  expect(download.suggestedFilename()).toBe(`energy-report-FY${year}-position-${answer.content.position}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const table2 = book.getWorksheet(ja['energyReport.xlsx.sheet.table2']!)!;
  let total: ExcelJS.CellValue[] | undefined;
  table2.eachRow((row) => {
    if (row.getCell(1).value === ja['energyReport.total']) total = [row.getCell(4).value, row.getCell(5).value];
  });
  expect(total).toEqual([Number(await page.getByTestId('energy-total-gj').getAttribute('data-value')), Number(await page.getByTestId('energy-total-kl').getAttribute('data-value'))]);
  expect(total).toEqual([Number(text(mine.gj)), Number(text(crudeOilMicro(mine.gj)))]);

  // As of the report's own position: the same figures (the layout's as-of control carries it in the address).
  await page.goto(`/emission/report/energy?fiscalYear=${year}&asOf=${answer.content.position}`);
  await settled(page);
  await expect(page.getByTestId('energy-total-gj')).toHaveAttribute('data-value', fy.gj);
  expect(errors).toEqual([]);
});
