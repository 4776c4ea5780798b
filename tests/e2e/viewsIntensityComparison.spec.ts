/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { api, axeViolations, collectPageErrors, currentFiscalYear, loggedInPage, messages, settled } from './helpers';

interface Totals {
  total: { co2eKg: number };
  rows: { scope?: string; scopeCategory?: string; formulaId?: string; sectionId?: string; companyId?: string; co2eKg: number }[];
}

const kgOf = async (locator: Locator, attribute = 'data-kg') => Number(await locator.getAttribute(attribute));

test('the intensity view: each year’s emission ÷ that year’s value as the API sums it, a dash for a year without one, the detail by category and the CSV', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const fiscalYear = await currentFiscalYear(request, token);
  const totals = async (query: string) => (await api(request, token, 'GET', `/api/emission-totals?${query}`)) as Totals;
  // The demo tenant has no intensity: one in 百万円 with values for this year and last, none for the year before.
  const name = `E2E売上高-${Date.now().toString(36)}`;
  const { intensity } = (await api(request, token, 'POST', '/api/intensity', { name, unit: '百万円' })) as { intensity: { id: string } };
  const values = new Map([
    [fiscalYear, 1250],
    [fiscalYear - 1, 980.5],
  ]);
  for (const [year, value] of values) await api(request, token, 'POST', '/api/management-intensity', { intensityId: intensity.id, fiscalYear: year, value });
  const noValueYear = fiscalYear - 2;

  await page.goto('/emission/view/intensity');
  await settled(page);
  await expect(page.getByTestId('page-title')).toHaveText('排出原単位');
  const card = page.getByTestId(`intensity-card-${intensity.id}`);
  await expect(card.getByRole('heading')).toContainText('t-CO2e / 百万円');
  // The trend chart is a named image with its figures as a table of that name, a dash for the year without a value.
  const chartName = await card.locator('svg.ghg-chart').getAttribute('aria-label');
  expect(chartName).toBeTruthy();
  const chartTable = card.getByRole('table', { name: chartName!, exact: true });
  await expect(chartTable).toHaveCount(1);
  await expect(chartTable.getByRole('row').filter({ hasText: String(noValueYear) })).toContainText('—');
  for (const [year, value] of values) {
    const kg = (await totals(`fromYear=${year}`)).total.co2eKg;
    expect(kg, String(year)).toBeGreaterThan(0);
    const row = card.getByTestId(`intensity-row-${year}`);
    await expect(row).toHaveAttribute('data-value', String(value));
    expect(await kgOf(row), String(year)).toBeCloseTo(kg, 6);
    expect(await kgOf(row, 'data-per-unit-kg'), String(year)).toBeCloseTo(kg / value, 9);
  }
  // This year's total intensity as shown: kg ÷ 1,000 ÷ 1,250 t-CO2e per 百万円, four significant digits.
  const thisYear = card.getByTestId(`intensity-row-${fiscalYear}`);
  const shown = new Intl.NumberFormat('ja-JP', { maximumSignificantDigits: 4, maximumFractionDigits: 0, roundingPriority: 'morePrecision' } as Intl.NumberFormatOptions);
  await expect(thisYear.locator('td').nth(3)).toHaveText(shown.format((await kgOf(thisYear)) / 1000 / 1250));
  // Scope 1 of this year ÷ 1,250.
  const scope1 = (await totals(`fromYear=${fiscalYear}&groupBy=scope`)).rows.find((r) => r.scope === '1')!.co2eKg;
  expect(await kgOf(thisYear.getByTestId('intensity-scope-1'), 'data-per-unit-kg')).toBeCloseTo(scope1 / 1250, 9);
  // The year without a value: its emission, a dash instead of any quotient, and the warning naming the year.
  const missing = card.getByTestId(`intensity-row-${noValueYear}`);
  await expect(missing).toHaveAttribute('data-per-unit-kg', '');
  await expect(missing.getByTestId('intensity-missing')).toHaveCount(5);
  await expect(missing.getByTestId('intensity-missing').first()).toHaveText('—');
  await expect(page.getByTestId('intensity-missing-years')).toContainText(`${noValueYear}年度`);
  expect(await axeViolations(page)).toEqual([]);

  // The CSV: this intensity's line of this year holds the same quotient in t-CO2e per 百万円 (to 9 decimals).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('intensity-download').click()]);
  const csvRow = readFileSync((await download.path())!, 'utf8').split('\r\n').find((l) => l.startsWith(`${name},${fiscalYear},`))!;
  expect(Number(csvRow.split(',')[4])).toBeCloseTo((await kgOf(thisYear)) / 1000 / 1250, 8);

  // The detail: each category's emission ÷ the year's value, in kg per 百万円 after the unit switch.
  await card.getByTestId(`intensity-detail-${intensity.id}`).click();
  await expect(page).toHaveURL(/\/emission\/view\/intensity\/detail\?intensityId=/);
  await settled(page);
  await page.getByTestId('intensity-detail-unit').getByText('kg-CO2e').click();
  await expect(page.getByTestId('intensity-detail-categories').locator('thead')).toContainText('kg-CO2e / 百万円');
  const byCategory = await totals(`fromYear=${fiscalYear}&groupBy=category`);
  for (const r of byCategory.rows) {
    const row = page.getByTestId(`intensity-detail-category-${r.scopeCategory}`);
    expect(await kgOf(row, 'data-per-unit-kg'), r.scopeCategory).toBeCloseTo(r.co2eKg / 1250, 9);
  }
  await expect(page.getByTestId(`intensity-detail-year-${noValueYear}`).getByTestId('intensity-missing')).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the comparison of two fiscal years: B − A by category as the API sums each year, the largest change first with a link to its lines, the choice kept in the URL', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const fiscalYear = await currentFiscalYear(request, token);
  const totals = async (query: string) => (await api(request, token, 'GET', `/api/emission-totals?${query}`)) as Totals;
  // Two complete demo years (the current one still grows as other tests record lines).
  const [yearA, yearB] = [fiscalYear - 2, fiscalYear - 1];

  await page.goto('/emission/view/emission-comparison');
  await settled(page);
  await expect(page.getByTestId('page-title')).toHaveText('排出量比較');
  // By default last year against this one.
  await expect(page.getByTestId('comparison-a')).toHaveValue(String(fiscalYear - 1));
  await expect(page.getByTestId('comparison-b')).toHaveValue(String(fiscalYear));
  await page.getByTestId('comparison-a').selectOption(String(yearA));
  await page.getByTestId('comparison-b').selectOption(String(yearB));
  await expect(page).toHaveURL(new RegExp(`a=${yearA}.*b=${yearB}|b=${yearB}.*a=${yearA}`));
  // The URL holds the choice: a reload shows the same comparison.
  await page.reload();
  await settled(page);
  await expect(page.getByTestId('comparison-a')).toHaveValue(String(yearA));
  await expect(page.getByTestId('comparison-b')).toHaveValue(String(yearB));

  const [a, b] = await Promise.all([totals(`fromYear=${yearA}&groupBy=category`), totals(`fromYear=${yearB}&groupBy=category`)]);
  const kgIn = (t: Totals, category: string) => t.rows.find((r) => r.scopeCategory === category)?.co2eKg ?? 0;
  const categories = [...new Set([...a.rows, ...b.rows].map((r) => r.scopeCategory!))];
  await expect(page.getByTestId('comparison-table').locator('tbody tr')).toHaveCount(categories.length);
  for (const category of categories) {
    const diff = page.getByTestId(`comparison-row-${category}`).getByTestId('comparison-diff');
    expect(await kgOf(diff), category).toBeCloseTo(kgIn(b, category) - kgIn(a, category), 6);
  }
  expect(await kgOf(page.getByTestId('comparison-total').getByTestId('comparison-diff'))).toBeCloseTo(b.total.co2eKg - a.total.co2eKg, 6);
  await expect(page.getByTestId('comparison-chart').locator('rect')).toHaveCount(categories.filter((c) => kgIn(b, c) !== kgIn(a, c)).length);

  // The biggest change: both years by category, method and section, diffed; the largest |B − A| heads the table.
  const [ca, cb] = await Promise.all([totals(`fromYear=${yearA}&groupBy=category,formula,section`), totals(`fromYear=${yearB}&groupBy=category,formula,section`)]);
  const diffs = new Map<string, number>();
  const keyOf = (r: Totals['rows'][number]) => `${r.scopeCategory}|${r.formulaId}|${r.sectionId}`;
  for (const r of ca.rows) diffs.set(keyOf(r), (diffs.get(keyOf(r)) ?? 0) - r.co2eKg);
  for (const r of cb.rows) diffs.set(keyOf(r), (diffs.get(keyOf(r)) ?? 0) + r.co2eKg);
  const largest = Math.max(...[...diffs.values()].map(Math.abs));
  const changes = page.getByTestId('comparison-change');
  await expect(changes).toHaveCount(Math.min(10, [...diffs.values()].filter((d) => d !== 0).length));
  expect(Math.abs(await kgOf(changes.first().getByTestId('comparison-diff')))).toBeCloseTo(largest, 6);
  expect(await axeViolations(page)).toEqual([]);
  // Its lines: the scope detail page that lists its method, in year B (the header takes the year
  // the link names, and the address drops it).
  await expect(page.getByTestId('fiscal-year-selector')).toHaveValue(String(fiscalYear));
  await changes.first().getByTestId('comparison-change-lines').click();
  await expect(page).toHaveURL(/\/emission\/view\/scope\/detail\/[^/]+\/\d+$/);
  await settled(page);
  await expect(page.getByTestId('fiscal-year-selector')).toHaveValue(String(yearB));
  await expect(page.getByTestId('detail-methods')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the comparison of two sections and of two companies: B − A by category as the API sums each side', async ({ page }) => {
  const errors = collectPageErrors(page);
  const ja = messages('ja');
  const token = await loggedInPage(page);
  const { request } = page;
  const fiscalYear = await currentFiscalYear(request, token);
  const totals = async (query: string) => (await api(request, token, 'GET', `/api/emission-totals?${query}`)) as Totals;
  const kgIn = (rows: Totals['rows'], category: string) => rows.filter((r) => r.scopeCategory === category).reduce((kg, r) => kg + r.co2eKg, 0);
  /** Every category row's difference and the total's, against the two sides' rows by category. */
  const expectDiffs = async (a: Totals['rows'], b: Totals['rows']) => {
    const categories = [...new Set([...a, ...b].map((r) => r.scopeCategory!))];
    expect(categories.length).toBeGreaterThan(0);
    await expect(page.getByTestId('comparison-table').locator('tbody tr')).toHaveCount(categories.length);
    for (const category of categories) {
      expect(await kgOf(page.getByTestId(`comparison-row-${category}`).getByTestId('comparison-diff')), category).toBeCloseTo(kgIn(b, category) - kgIn(a, category), 6);
    }
    const sum = (rows: Totals['rows']) => rows.reduce((kg, r) => kg + r.co2eKg, 0);
    expect(await kgOf(page.getByTestId('comparison-total').getByTestId('comparison-diff'))).toBeCloseTo(sum(b) - sum(a), 6);
  };

  await page.goto('/emission/view/emission-comparison');
  await settled(page);

  // Two sections of the header's year: each side is its section and everything below it.
  await page.getByTestId('comparison-mode').getByText(ja['views.comparison.mode.sections']!).click();
  await expect(page).toHaveURL(/mode=sections/);
  await settled(page);
  const [sectionA, sectionB] = [await page.getByTestId('comparison-a').inputValue(), await page.getByTestId('comparison-b').inputValue()];
  expect(sectionA).not.toBe(sectionB);
  const [sa, sb] = await Promise.all([totals(`fromYear=${fiscalYear}&groupBy=category&sectionId=${sectionA}`), totals(`fromYear=${fiscalYear}&groupBy=category&sectionId=${sectionB}`)]);
  await expectDiffs(sa.rows, sb.rows);

  // Two companies of the group in the year, each weighed as the chosen consolidation approach says.
  await page.getByTestId('comparison-mode').getByText(ja['views.comparison.mode.companies']!).click();
  await expect(page).toHaveURL(/mode=companies/);
  await settled(page);
  const [companyA, companyB] = [await page.getByTestId('comparison-a').inputValue(), await page.getByTestId('comparison-b').inputValue()];
  expect(companyA).not.toBe(companyB);
  const approach = await page.getByTestId('comparison-approach').inputValue();
  const group = await totals(`fromYear=${fiscalYear}&of=group&approach=${approach}&groupBy=company,category`);
  await expectDiffs(
    group.rows.filter((r) => r.companyId === companyA),
    group.rows.filter((r) => r.companyId === companyB),
  );
  await expect(page.getByTestId('comparison-weights')).toBeVisible();
  // The scope detail page lists the selected company's lines only: no link from two companies' changes.
  await expect(page.getByTestId('comparison-change').first()).toBeVisible();
  await expect(page.getByTestId('comparison-change-lines')).toHaveCount(0);
  expect(errors).toEqual([]);
});
