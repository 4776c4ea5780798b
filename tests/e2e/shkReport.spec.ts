/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, axeViolations, collectPageErrors, currentFiscalYear, expectPrintView, loggedInPage, messages, screenshot, settled } from './helpers';

const ja = messages('ja');

interface Figure {
  kg: string;
  t: string;
}
interface ShkAnswer {
  content: {
    position: string;
    energyCo2: { fuel: Figure & { lines: number }; purchasedBasic: Figure & { lines: number }; purchasedAdjusted: Figure & { lines: number }; basic: Figure; adjusted: Figure };
    gases: (Figure & { gas: string })[];
    basic: Figure & { complete: boolean };
    adjusted: Figure & { complete: boolean; beforeAdjustmentsKg: string };
    adjustments: (Figure & { kind: string })[];
    thresholds: { energy: { crudeOilKl: string; met: boolean }; gases: { gas: string; t: string; met: boolean }[] };
  };
  sha256: string;
  gaps: { kind: string }[];
}
interface LedgerLine {
  dealId: string;
  formulaId: string;
  quantity: number | null;
  unit: string | null;
  co2eKg: number;
  gasesKg: Record<string, number>;
  scopeSettingDetail: Record<string, unknown>;
  factors: { key: string; values: { value: number; unit: string }[] | Record<string, number> }[];
  deal: { item: string | null };
}

/**
 * kg CO2 per unit of activity of a factor as the demo seed records it (app/src/seedDemoActivity.ts):
 * diesel 2.58 kg-CO2/L (the SHK legacy value carried forward), city gas 2.05 t-CO2/千m³ (SHK 2024)
 * = 2.05 kg per m³, electricity 0.434 kg-CO2/kWh (grid average, location) and 0.464 kg-CO2/kWh
 * (四国電力 menu C, market).
 */
const KG_PER_UNIT: Record<string, { lineUnit: string; perUnit: (v: number) => number }> = {
  'kg-CO2/L': { lineUnit: 'L', perUnit: (v) => v },
  // v t per 千m³ = v × 1,000 kg per 1,000 m³ = v kg per m³.
  't-CO2/thousand_m3': { lineUnit: 'm3', perUnit: (v) => v },
  'kg-CO2/kWh': { lineUnit: 'kWh', perUnit: (v) => v },
};
/** The line's factor value per unit, in kg, checking the line is in the unit the factor is for. */
function factorOf(line: LedgerLine): number {
  const values = line.factors[0]!.values as { value: number; unit: string }[];
  const known = KG_PER_UNIT[values[0]!.unit];
  expect(known, `${line.dealId}: a factor in ${values[0]!.unit}`).toBeTruthy();
  expect(line.unit).toBe(known!.lineUnit);
  return known!.perUnit(values[0]!.value);
}
const trunc = (kg: number) => String(Math.trunc(kg / 1000));

test('the 温対法 SHK report shows the demo lines’ figures worked out here, the thresholds and gaps, and is accessible', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const year = (await currentFiscalYear(page.request, token)) - 1;
  const lines = async (scopeId: string, basis?: 'location' | 'market') =>
    ((await api(page.request, token, 'POST', '/api/user-input-table-data', { fiscalYear: year, scopeId, ...(basis ? { scope2EmissionIntensityType: basis } : {}) })) as { lines: LedgerLine[] }).lines;
  const scope1 = await lines('1');
  const location = await lines('2', 'location');
  const market = await lines('2', 'market');

  // The demo's fuel lines: diesel (L × 2.58) and city gas (m³ × 2.05); all of it energy-origin CO2.
  const fuel = scope1.filter((l) => l.formulaId === 's1.fuel');
  expect(fuel.map((l) => l.deal.item)).toContain('軽油');
  expect(fuel.map((l) => l.deal.item)).toContain('都市ガス');
  const fuelKg = fuel.reduce((sum, l) => sum + l.quantity! * factorOf(l), 0);
  // Scope 2 (the demo's 四国電力 menu C): basic = kWh × 0.434 (grid average); adjusted = (kWh − certificates on the line) × 0.464.
  expect(location.length).toBeGreaterThan(0);
  const basicKg = location.reduce((sum, l) => sum + l.quantity! * factorOf(l), 0);
  const adjustedKg = market.reduce((sum, l) => sum + (l.quantity! - Number(l.scopeSettingDetail.certificates ?? 0)) * factorOf(l), 0);
  expect(market.some((l) => Number(l.scopeSettingDetail.certificates ?? 0) > 0)).toBe(true);
  // Other gases: the scope-1 lines that are not fuel (none in the demo itself).
  const otherKg = scope1.filter((l) => l.formulaId !== 's1.fuel' && l.formulaId !== 's1.fuel-heat').reduce((sum, l) => sum + l.co2eKg, 0);

  const answer = (await api(page.request, token, 'GET', `/api/reports/shk?fiscalYear=${year}`)) as ShkAnswer;
  const { content } = answer;
  // Each line's figure is kept to 6 decimals: sums agree to well within 0.01 kg.
  expect(Number(content.energyCo2.fuel.kg)).toBeCloseTo(fuelKg, 2);
  expect(content.energyCo2.fuel.t).toBe(trunc(fuelKg));
  expect(Number(content.energyCo2.purchasedBasic.kg)).toBeCloseTo(basicKg, 2);
  expect(Number(content.energyCo2.purchasedAdjusted.kg)).toBeCloseTo(adjustedKg, 2);
  // 基礎排出量 = fuel + kWh × 0.434 (+ other gases); 調整後排出量 = fuel + (kWh − certificates) × 0.464 (+ other gases) − adjustments (none in the demo).
  expect(content.adjustments).toEqual([]);
  expect(Number(content.basic.kg)).toBeCloseTo(fuelKg + basicKg + otherKg, 2);
  expect(content.basic.t).toBe(trunc(fuelKg + basicKg + otherKg));
  expect(Number(content.adjusted.kg)).toBeCloseTo(fuelKg + adjustedKg + otherKg, 2);
  expect(content.adjusted.t).toBe(trunc(fuelKg + adjustedKg + otherKg));
  // Certificates on the line lower the adjusted figure below what 0.464 alone would give.
  expect(adjustedKg).toBeLessThan(market.reduce((sum, l) => sum + l.quantity! * 0.464, 0));
  // The energy threshold is the 省エネ法 report's kL of the year.
  const energy = (await api(page.request, token, 'GET', `/api/reports/energy?fiscalYear=${year}`)) as { content: { years: { crudeOilKl: string }[] } };
  expect(content.thresholds.energy.crudeOilKl).toBe(energy.content.years.at(-1)!.crudeOilKl);
  expect(content.thresholds.energy.met).toBe(Number(content.thresholds.energy.crudeOilKl) >= 1500);

  await page.goto(`/emission/report/shk?fiscalYear=${year}`);
  await settled(page);
  await expect(page.getByTestId('page-title')).toHaveText(ja['route.emission.report.shk']!);
  await expect(page.getByTestId('shk-basic')).toHaveAttribute('data-kg', content.basic.kg);
  await expect(page.getByTestId('shk-basic')).toContainText(new Intl.NumberFormat('ja').format(Number(trunc(fuelKg + basicKg + otherKg))));
  await expect(page.getByTestId('shk-adjusted')).toHaveAttribute('data-t', trunc(fuelKg + adjustedKg + otherKg));
  await expect(page.locator('[data-testid="shk-gas-row"][data-gas="energyCo2"]')).toHaveAttribute('data-kg', content.energyCo2.basic.kg);
  await expect(page.getByTestId('shk-energy-fuel')).toHaveAttribute('data-kg', content.energyCo2.fuel.kg);
  await expect(page.getByTestId('shk-energy-purchased')).toHaveAttribute('data-adjusted-kg', content.energyCo2.purchasedAdjusted.kg);
  await expect(page.getByTestId('shk-adjustment-result')).toHaveAttribute('data-kg', content.adjusted.kg);
  await expect(page.getByTestId('shk-threshold-energy')).toHaveAttribute('data-met', String(content.thresholds.energy.met));
  await expect(page.getByTestId('shk-threshold-gas')).toHaveCount(7);
  await expect(page.getByTestId('shk-gap')).toHaveCount(answer.gaps.length);
  if (answer.gaps.length > 0) await expect(page.getByTestId('shk-gaps')).toContainText(ja['shkReport.gap.title']!);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'shk-report', 'ja');

  // Printed (on an A4-wide page): the report without the navigation, the as-of bar or the buttons, its tables whole.
  await expectPrintView(page, { buttons: ['shk-print', 'shk-xlsx'], table: 'shk-gases', name: 'shk-report' });

  // The workbook of what the screen shows: named by year and position; its 様式第1 totals are the screen's
  // (basic and adjusted t-CO2, worked out above).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('shk-xlsx').click()]);
  expect(download.suggestedFilename()).toBe(`shk-report-FY${year}-position-${content.position}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const table2 = book.getWorksheet(ja['shkReport.xlsx.sheet.table2']!)!;
  const cellsOf = (label: string) => {
    let cells: ExcelJS.CellValue[] | undefined;
    table2.eachRow((row) => {
      if (row.getCell(1).value === label) cells = [1, 2, 3, 4, 5].map((c) => row.getCell(c).value);
    });
    return cells;
  };
  const screenBasicT = Number(await page.getByTestId('shk-basic').getAttribute('data-t'));
  const screenAdjustedT = Number(await page.getByTestId('shk-adjusted').getAttribute('data-t'));
  expect(cellsOf(ja['shkReport.xlsx.total']!)?.[1]).toBe(screenBasicT);
  expect(cellsOf(`= ${ja['shkReport.adjustment.result']}`)?.[4]).toBe(screenAdjustedT);
  expect([screenBasicT, screenAdjustedT]).toEqual([Number(trunc(fuelKg + basicKg + otherKg)), Number(trunc(fuelKg + adjustedKg + otherKg))]);

  // As of the report's own position: the same figures (the layout's as-of control carries it in the address).
  await page.goto(`/emission/report/shk?fiscalYear=${year}&asOf=${content.position}`);
  await settled(page);
  await expect(page.getByTestId('shk-basic')).toHaveAttribute('data-kg', content.basic.kg);
  expect(errors).toEqual([]);
});
