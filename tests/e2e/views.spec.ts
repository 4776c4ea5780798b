/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { api, collectPageErrors, currentFiscalYear, loggedInPage, settled, setUserLanguage, today } from './helpers';

interface Totals {
  total: { co2eKg: number; lines: number };
  rows: { scope?: string; fiscalYear?: number; sectionId?: string; scopeCategory?: string; formulaId?: string; co2eKg: number }[];
}

test('the company view: totals by category, month and year as the API sums them, the group consolidated, a unit switch, CSV, live, and progress against a goal', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const fiscalYear = await currentFiscalYear(request, token);
  const totals = async (query: string) => (await api(request, token, 'GET', `/api/emission-totals?fromYear=${fiscalYear}&${query}`)) as Totals;

  await page.goto('/emission/view/company');
  await settled(page);
  await expect(page.getByTestId('page-title')).toHaveText('会社別排出量');
  const total = page.getByTestId('views-total');
  // The demo tenant's lines of this year: the figure is the API's own sum, to the gram.
  const company = await totals('groupBy=category');
  expect(company.total.lines).toBeGreaterThan(0);
  await expect(total).toHaveAttribute('data-kg', String(company.total.co2eKg));
  await expect(total).toContainText('t-CO2e');
  await expect(page.getByTestId('views-chart-month').locator('rect')).toHaveCount(12);
  await expect(page.getByTestId('views-chart-category').locator('rect')).toHaveCount(company.rows.length);
  // Five years × scopes 1, 2 and 3 (the legend's swatches have no title).
  const yearBars = page.getByTestId('views-chart-years').locator('rect:has(title)');
  await expect(yearBars).toHaveCount(15);
  const scope1 = (await totals('groupBy=scope')).rows.find((r) => r.scope === '1')?.co2eKg ?? 0;
  // The selected year is the last group; its first bar is scope 1, in t to 3 decimals.
  await expect(yearBars.nth(12).locator('title')).toHaveText(`${fiscalYear}年度 スコープ1：${new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 3 }).format(scope1 / 1000)} t-CO2e`);
  await expect(page.getByTestId('views-table').locator('tbody tr')).toHaveCount(company.rows.length);

  // kg instead of t: the same figure, another unit.
  await page.getByTestId('views-unit').getByText('kg-CO2e').click();
  await expect(total).toContainText('kg-CO2e');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('views-download').click()]);
  const csv = readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csvLines = csv.toString('utf8').trim().split('\r\n');
  expect(csvLines[0]!.replace(/^\uFEFF/, '')).toBe('カテゴリコード,カテゴリ,明細数,排出量（kg-CO2e）,割合（%）');
  expect(csvLines).toHaveLength(company.rows.length + 2);
  // The same table as Excel: the heading bold, the figures numbers in kg, the total row the API's total.
  const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('views-download-xlsx').click()]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsxDownload.path())!);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getCell('D1').value).toBe('排出量（kg-CO2e）');
  expect(sheet.getCell('D1').font?.bold).toBe(true);
  const totalRow = sheet.getRow(company.rows.length + 2);
  expect(totalRow.getCell(2).value).toBe('総排出量（グロス）');
  expect(totalRow.getCell(4).value).toBeCloseTo(company.total.co2eKg, 6);
  const categoryKgs = Array.from({ length: company.rows.length }, (_, i) => sheet.getRow(i + 2).getCell(4).value as number);
  expect(categoryKgs.reduce((a, b) => a + b, 0)).toBeCloseTo(company.total.co2eKg, 3);

  // Net of offsets: an offset of 12.5 t used today is deducted from the total only, the gross figure
  // staying beside it; the page follows the new offset live.
  await page.getByTestId('views-unit').getByText('t-CO2e').click();
  const run = Date.now().toString(36);
  const { offset } = await api(request, token, 'POST', '/api/offset', { type: 'J-クレジット', particularNumberFrom: `E2E-NET-${run}-1`, particularNumberTo: `E2E-NET-${run}-9`, invalidOrRelocationQuantity: 12.5, invalidOrRelocationDate: today(), authType: '無効化' });
  await page.getByTestId('views-figures').getByText('オフセット控除後').click();
  const withOffset = (await api(request, token, 'GET', `/api/emission-totals?fromYear=${fiscalYear}&groupBy=category`)) as Totals & { offsets: { fiscalYear: number; co2eKg: number }[] };
  const offsetKg = withOffset.offsets.find((o) => o.fiscalYear === fiscalYear)!.co2eKg;
  expect(offsetKg).toBeGreaterThanOrEqual(12_500);
  await expect(page.getByTestId('views-net-total')).toHaveAttribute('data-kg', String(withOffset.total.co2eKg - offsetKg));
  await expect(page.getByTestId('views-table-net')).toHaveAttribute('data-kg', String(withOffset.total.co2eKg - offsetKg));
  await expect(total).toHaveAttribute('data-kg', String(withOffset.total.co2eKg));
  await page.getByTestId('views-figures').getByText('グロス').click();
  await expect(page.getByTestId('views-net')).toBeHidden();
  await api(request, token, 'DELETE', `/api/offset/${offset.id}`, { expectedVersion: offset.version });

  // The whole group, by operational control, then by equity share: each the API's consolidation.
  await page.getByTestId('views-of').getByText('グループ全体').click();
  await expect(page.getByTestId('views-consolidation')).toContainText('経営支配力');
  await expect(total).toHaveAttribute('data-kg', String((await totals('of=group&approach=operational&groupBy=category')).total.co2eKg));
  await page.getByTestId('views-approach').selectOption('equity_share');
  await expect(page.getByTestId('views-consolidation')).toContainText('出資比率');
  await expect(total).toHaveAttribute('data-kg', String((await totals('of=group&approach=equity_share&groupBy=category')).total.co2eKg));
  await page.getByTestId('views-of').getByText('この会社').click();
  await expect(total).toHaveAttribute('data-kg', String(company.total.co2eKg));

  // A line recorded elsewhere: the view follows without a reload (1,000 kWh × 0.5 kg/kWh = 500 kg).
  await api(request, token, 'POST', '/api/calculation-basis', { fiscalYear });
  const { companySections } = await api(request, token, 'GET', '/api/company-section');
  const plant = (companySections as { id: string; name: string }[]).find((s) => s.name === '第一工場')!;
  const { scopeSettings } = await api(request, token, 'POST', '/api/create-scope-settings', {
    scopeSettings: [{ scopeCategory: '2', formulaId: 's2.location', section: plant.id, detail: { emissionIntensity: { value: 0.5, unit: 'kg-CO2e/kWh' } } }],
  });
  const { line } = await api(request, token, 'POST', '/api/user-input-emission', {
    deal: { id: `e2e-views-${Date.now().toString(36)}`, count: 1000, countUnit: 'kWh', occurrenceDate: today() },
    scopeSetting: { id: scopeSettings[0].id },
  });
  expect(line.co2eKg).toBe(500);
  await expect.poll(async () => Number(await total.getAttribute('data-kg')), { timeout: 5_000 }).toBeCloseTo(company.total.co2eKg + 500, 6);

  // A scope-1 goal: base 2013 at 1,000 t, goal 2030 at 540 t. Progress = (1,000 − this year's t) / 460.
  await api(request, token, 'POST', '/api/reduction-goal', { reductionGoals: [{ scopeCategory: '1', goalYear: 2030, goalEmission: 540, targetYear: 2013, targetEmission: 1000 }] });
  const scope1Kg = (await totals('groupBy=scope')).rows.find((r) => r.scope === '1')?.co2eKg ?? 0;
  const progress = page.getByTestId('views-goal-1-2030').locator('[data-progress]');
  await expect.poll(async () => Number(await progress.getAttribute('data-progress')), { timeout: 5_000 }).toBeCloseTo((1000 - scope1Kg / 1000) / 460, 9);
  expect(errors).toEqual([]);
});

test('the overview opens on the whole group and speaks English', async ({ page, context }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: test.info().project.use.baseURL! }]);
  const token = await loggedInPage(page);
  await setUserLanguage(page.request, token, 'en');
  try {
    await page.goto('/emission/view');
    await settled(page);
    await expect(page.getByTestId('page-title')).toHaveText('Emission views');
    await expect(page.getByTestId('views-consolidation')).toContainText('Group figures consolidated by Operational control');
    await expect(page.getByTestId('views-goals-company-wide')).toBeVisible();
  } finally {
    await setUserLanguage(page.request, token, 'ja');
  }
});

test('the division view: each section’s own emission, the sections below it and its share, as the API sums them; a section drills into its own view', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const fiscalYear = await currentFiscalYear(request, token);
  const bySection = (await api(request, token, 'GET', `/api/emission-totals?fromYear=${fiscalYear}&groupBy=section`)) as Totals;
  const { companySections } = (await api(request, token, 'GET', '/api/company-section')) as { companySections: { id: string; name: string; parentSection: string | null }[] };
  const own = (name: string) => bySection.rows.find((r) => r.sectionId === companySections.find((s) => s.name === name)!.id)?.co2eKg ?? 0;
  const childrenOf = (name: string) => companySections.filter((s) => s.parentSection === companySections.find((p) => p.name === name)!.id).map((s) => s.name);
  const branch = (name: string): number => own(name) + childrenOf(name).reduce((kg, c) => kg + branch(c), 0);

  await page.goto('/emission/view/division');
  await settled(page);
  await expect(page.getByTestId('page-title')).toHaveText('部門別排出量');
  await expect(page.getByTestId('division-total')).toHaveAttribute('data-kg', String(bySection.total.co2eKg));
  // 製造本部 holds the two plants: its "sections below" is their branch totals added up.
  const plants = page.getByTestId('division-row-製造本部');
  expect(childrenOf('製造本部').length).toBeGreaterThan(1);
  await expect(plants).toHaveAttribute('data-kg', String(own('製造本部')));
  await expect.poll(async () => Number(await plants.getAttribute('data-children-kg'))).toBeCloseTo(childrenOf('製造本部').reduce((kg, c) => kg + branch(c), 0), 6);
  await expect.poll(async () => Number(await plants.getAttribute('data-ratio'))).toBeCloseTo((100 * branch('製造本部')) / bySection.total.co2eKg, 9);
  await expect(page.getByTestId('division-chart').locator('rect')).not.toHaveCount(0);

  // Drill into the first plant: its own view, of that section.
  await page.getByTestId('division-link-第一工場').click();
  await expect(page).toHaveURL(/\/emission\/view\/division\/detail\?sectionId=/);
  await settled(page);
  const plantId = companySections.find((s) => s.name === '第一工場')!.id;
  const plant = (await api(request, token, 'GET', `/api/emission-totals?fromYear=${fiscalYear}&sectionId=${plantId}&groupBy=category`)) as Totals;
  await expect(page.getByTestId('views-total')).toHaveAttribute('data-kg', String(plant.total.co2eKg));
  await expect(page.getByTestId('views-of')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the scope view lists every category with its detail pages; a detail page shows its methods by section and month, the lines with their factors, and a line’s history', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const fiscalYear = await currentFiscalYear(request, token);
  const byCategory = (await api(request, token, 'GET', `/api/emission-totals?fromYear=${fiscalYear}&groupBy=category`)) as Totals;

  await page.goto('/emission/view/scope');
  await settled(page);
  await expect(page.getByTestId('scope-total')).toHaveAttribute('data-kg', String(byCategory.total.co2eKg));
  for (const row of byCategory.rows) await expect(page.getByTestId(`scope-row-${row.scopeCategory}`)).toHaveAttribute('data-kg', String(row.co2eKg));
  // The product's page counts: 4 + 2 + 2 + 2 + 3 + 4 + 2 + 5 + 5 + 2 + 4 + 2 + 3 + 2 + 2 + 1 + 2 + 1 = 48.
  await expect(page.locator('[data-testid^="scope-detail-"]')).toHaveCount(48);

  // Scope 1, page 1: fuel combustion by either fuel method.
  await page.getByTestId('scope-detail-1-1').click();
  await expect(page).toHaveURL(/\/emission\/view\/scope\/detail\/1\/1$/);
  await settled(page);
  const byFormula = (await api(request, token, 'GET', `/api/emission-totals?fromYear=${fiscalYear}&categories=1&groupBy=formula`)) as Totals;
  const fuelKg = byFormula.rows.filter((r) => r.formulaId === 's1.fuel' || r.formulaId === 's1.fuel-heat').reduce((kg, r) => kg + r.co2eKg, 0);
  expect(fuelKg).toBeGreaterThan(0);
  await expect.poll(async () => Number(await page.getByTestId('detail-total').getAttribute('data-kg'))).toBeCloseTo(fuelKg, 6);
  const { lines } = (await api(request, token, 'POST', '/api/user-input-table-data', { fiscalYear, scopeId: '1' })) as { lines: { formulaId: string }[] };
  await expect(page.getByTestId('detail-line')).toHaveCount(lines.filter((l) => l.formulaId === 's1.fuel' || l.formulaId === 's1.fuel-heat').length);
  // Each line names its factors as set:key (and version).
  await expect(page.getByTestId('detail-line').first().locator('td').nth(3)).toContainText(':');

  // A line's history: the audit log of that line alone.
  await page.getByTestId('detail-line-history').first().click();
  await expect(page).toHaveURL(/\/emission\/setting\/audit-log\?entityId=/);
  await expect(page.getByTestId('audit-entity-filter')).toBeVisible();
  await expect(page.locator('[data-testid="audit-row"]').first()).toBeVisible();
  const entityId = new URL(page.url()).searchParams.get('entityId')!;
  const history = (await api(request, token, 'GET', `/api/auditlog?entityId=${encodeURIComponent(entityId)}`)) as { entries: unknown[] };
  await expect(page.locator('[data-testid="audit-row"]')).toHaveCount(history.entries.length);

  // Another page of the category, from the page's own links.
  await page.goto('/emission/view/scope/detail/1/4');
  await settled(page);
  await expect(page.getByTestId('detail-methods')).toBeVisible();
  await page.getByTestId('detail-pages').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/detail\/1\/1$/);
  expect(errors).toEqual([]);
});

test('the export: the year’s lines of the chosen scopes as CSV and XLSX, each scope’s total row equal to the views’ totals; none chosen is refused', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  // The year before the current one: twelve complete months of demo lines.
  const year = (await currentFiscalYear(page.request, token)) - 1;
  const byScope = (await api(page.request, token, 'GET', `/api/emission-totals?fromYear=${year}&groupBy=scope`)) as Totals;

  await page.goto('/export');
  await settled(page);
  await page.getByTestId('export-year').selectOption(String(year));
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-run').click()]);
  await expect(page.getByTestId('export-done')).toBeVisible();
  const csv = readFileSync((await csvDownload.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = csv.toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(','));
  const kgColumn = rows[0]!.indexOf('排出量（kg-CO2e）');
  for (const scope of ['1', '2', '3', 'water']) {
    const totalRow = rows.find((r) => r[0] === scope && r[1] === '合計')!;
    expect(Number(totalRow[kgColumn]), scope).toBeCloseTo(byScope.rows.find((r) => r.scope === scope)?.co2eKg ?? 0, 6);
  }

  // XLSX of scope 1 only: one sheet, numbers as numbers.
  const form = page.getByTestId('export-form');
  await form.getByText('XLSX', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'XLSX' })).toBeChecked();
  await page.getByTestId('export-none').click();
  await form.getByText('スコープ1', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'スコープ1' })).toBeChecked();
  const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-run').click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await xlsxDownload.path())!);
  expect(book.worksheets.map((w) => w.name)).toEqual(['1 スコープ1']);
  const last = book.worksheets[0]!.getRow(book.worksheets[0]!.rowCount);
  expect(last.getCell(10).value as number).toBeCloseTo(byScope.rows.find((r) => r.scope === '1')!.co2eKg, 6);

  // Nothing chosen: the product's message, in Japanese, and no request.
  await page.getByTestId('export-none').click();
  await page.getByTestId('export-run').click();
  await expect(page.getByTestId('export-no-item')).toHaveText('エクスポートするには1つ以上の項目を選択してください');
  expect(errors).toEqual([]);
});

test('the division tree, the scope page and the company page agree with each other and with the ledger’s total, on both Scope 2 bases', async ({ page }) => {
  const token = await loggedInPage(page);
  const fiscalYear = await currentFiscalYear(page.request, token);
  for (const [basis, label] of [['location', 'ロケーション基準'], ['market', 'マーケット基準']] as const) {
    // The ledger's own total for the year, summed by the database.
    const ledger = (await api(page.request, token, 'GET', `/api/emission-totals?fromYear=${fiscalYear}&basis=${basis}`)) as Totals;
    const kgOn = async (path: string, basisSwitch: string, totalId: string) => {
      await page.goto(path);
      await settled(page);
      await page.getByTestId(basisSwitch).getByText(label, { exact: true }).click();
      await expect.poll(async () => Number(await page.getByTestId(totalId).getAttribute('data-kg'))).toBeCloseTo(ledger.total.co2eKg, 6);
      return Number(await page.getByTestId(totalId).getAttribute('data-kg'));
    };
    const company = await kgOn('/emission/view/company', 'views-basis', 'views-total');
    const scope = await kgOn('/emission/view/scope', 'scope-basis', 'scope-total');
    // The division page's total is its tree's branches added up in the browser.
    const division = await kgOn('/emission/view/division', 'division-basis', 'division-total');
    expect(company, basis).toBe(ledger.total.co2eKg);
    expect(scope, basis).toBe(ledger.total.co2eKg);
    expect(division, basis).toBeCloseTo(ledger.total.co2eKg, 6);
  }
});
