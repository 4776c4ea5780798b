/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { api, collectPageErrors, loggedInPage, newLoggedInPage, settled, spaNavigate, today } from './helpers';

interface Totals {
  total: { co2eKg: number; lines: number };
  rows: { scope?: string; fiscalYear?: number; sectionId?: string; co2eKg: number }[];
  offsets: { fiscalYear: number; co2eKg: number }[];
}

/** The `data-kg` figures of the elements a locator finds, in page order. */
const kgOf = (elements: Element[]) => elements.map((e) => Number(e.getAttribute('data-kg')));

test('the home page: the year’s gross total as the API sums it, the net beside it, the scope split adding up to it, five years of trend, links to the views', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  await page.goto('/');
  await settled(page);
  // The year the header shows is the year the home page sums.
  const fiscalYear = Number(await page.getByTestId('fiscal-year-selector').inputValue());
  const totals = async (query: string) => (await api(page.request, token, 'GET', `/api/emission-totals?${query}`)) as Totals;
  const year = await totals(`fromYear=${fiscalYear}`);
  expect(year.total.lines).toBeGreaterThan(0);

  const total = page.getByTestId('home-total');
  await expect(total).toHaveAttribute('data-kg', String(year.total.co2eKg));
  await expect(total).toContainText('t-CO2e');
  // Never netted silently: gross is the figure, net of the year's offsets only beside it.
  const offsetKg = year.offsets.find((o) => o.fiscalYear === fiscalYear)?.co2eKg ?? 0;
  await expect(page.getByTestId('home-offsets')).toHaveAttribute('data-kg', String(offsetKg));
  await expect(page.getByTestId('home-net')).toHaveAttribute('data-kg', String(year.total.co2eKg - offsetKg));

  // Each scope is the API's own sum of it, and the parts add up to the total.
  const byScope = await totals(`fromYear=${fiscalYear}&groupBy=scope`);
  const parts = page.locator('[data-testid^="home-scope-"]');
  await expect(parts).toHaveCount(byScope.rows.some((r) => r.scope === 'water') ? 4 : 3);
  // (Scope 3 is its categories added up in the browser: equal to the gram, not to the last bit.)
  for (const row of byScope.rows) expect(Number(await page.getByTestId(`home-scope-${row.scope}`).getAttribute('data-kg')), row.scope).toBeCloseTo(row.co2eKg, 6);
  expect((await parts.evaluateAll(kgOf)).reduce((kg, v) => kg + v, 0)).toBeCloseTo(year.total.co2eKg, 6);
  await expect(page.locator('svg.ghg-home-donut path')).toHaveCount(byScope.rows.filter((r) => r.co2eKg > 0).length);

  // Five fiscal years, the selected one last, each column the API's total of its year.
  const trendYears = page.getByTestId('home-trend-year');
  await expect(trendYears).toHaveCount(5);
  const years = [4, 3, 2, 1, 0].map((back) => fiscalYear - back);
  expect(await trendYears.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-year'))))).toEqual(years);
  const byYear = await totals(`fromYear=${years[0]}&toYear=${fiscalYear}&groupBy=fiscalYear`);
  const columns = await trendYears.evaluateAll(kgOf);
  years.forEach((y, i) => expect(columns[i], String(y)).toBeCloseTo(byYear.rows.find((r) => r.fiscalYear === y)?.co2eKg ?? 0, 6));
  await expect(page.getByTestId('views-goals')).toBeVisible();

  // Each card opens the view that details it; the scope view shows the same total.
  await expect(page.getByTestId('home-total-link')).toHaveAttribute('href', '/emission/view/company');
  await expect(page.getByTestId('home-trend-link')).toHaveAttribute('href', '/emission/view/company');
  await page.getByTestId('home-scopes-link').click();
  await expect(page).toHaveURL(/\/emission\/view\/scope$/);
  await expect(page.getByTestId('scope-total')).toHaveAttribute('data-kg', String(year.total.co2eKg));

  // A year without lines (the demo's data starts later): a friendly empty state that leads to the input.
  const emptyYear = fiscalYear - 4;
  expect((await totals(`fromYear=${emptyYear}`)).total.lines).toBe(0);
  await page.getByTestId('fiscal-year-selector').selectOption(String(emptyYear));
  await spaNavigate(page, '/');
  await expect(page.getByTestId('home-empty')).toBeVisible();
  await expect(page.getByTestId('home-empty-input')).toHaveAttribute('href', '/emission/input');
  await expect(page.getByTestId('home-total')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the division view follows a line recorded in another browser: the section’s row and the total become the API’s new figures without a reload, the unit and scroll position kept', async ({ browser }) => {
  const a = await newLoggedInPage(browser);
  const b = await newLoggedInPage(browser);
  try {
    const errors = collectPageErrors(a.page);
    // Short enough that the tree scrolls.
    await a.page.setViewportSize({ width: 1280, height: 480 });
    await a.page.goto('/emission/view/division');
    await settled(a.page);
    await expect(a.page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
    const fiscalYear = Number(await a.page.getByTestId('fiscal-year-selector').inputValue());
    const bySection = async () => (await api(a.page.request, a.token, 'GET', `/api/emission-totals?fromYear=${fiscalYear}&groupBy=section`)) as Totals;
    const { companySections } = (await api(b.page.request, b.token, 'GET', '/api/company-section')) as { companySections: { id: string; name: string }[] };
    const plant = companySections.find((s) => s.name === '第一工場')!;
    const ownKg = (t: Totals) => t.rows.find((r) => r.sectionId === plant.id)?.co2eKg ?? 0;
    const before = await bySection();

    const row = a.page.getByTestId('division-row-第一工場');
    const total = a.page.getByTestId('division-total');
    await expect(row).toHaveAttribute('data-kg', String(ownKg(before)));
    // kg instead of t, then scrolled to the table's foot: both must survive the update.
    await a.page.getByTestId('division-unit').getByText('kg-CO2e').click();
    const inKg = (kg: number) => new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 1 }).format(kg);
    await expect(total).toHaveText(inKg(before.total.co2eKg));
    await total.scrollIntoViewIfNeeded();
    const scrollY = await a.page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
      return window.scrollY;
    });
    expect(scrollY).toBeGreaterThan(0);

    // Browser B, its own session: a scope-2 line on the plant, 1,000 kWh × 0.5 kg/kWh = 500 kg.
    await api(b.page.request, b.token, 'POST', '/api/calculation-basis', { fiscalYear });
    const { scopeSettings } = await api(b.page.request, b.token, 'POST', '/api/create-scope-settings', {
      scopeSettings: [{ scopeCategory: '2', formulaId: 's2.location', section: plant.id, detail: { emissionIntensity: { value: 0.5, unit: 'kg-CO2e/kWh' } } }],
    });
    const { line } = await api(b.page.request, b.token, 'POST', '/api/user-input-emission', {
      deal: { id: `e2e-home-live-${Date.now().toString(36)}`, count: 1000, countUnit: 'kWh', occurrenceDate: today() },
      scopeSetting: { id: scopeSettings[0].id },
    });
    expect(line.co2eKg).toBe(500);

    // A follows: the plant's own emission and the total grow by the line, then equal the API's new sums.
    await expect.poll(async () => Number(await row.getAttribute('data-kg')), { timeout: 5_000 }).toBeCloseTo(ownKg(before) + 500, 6);
    const after = await bySection();
    await expect(row).toHaveAttribute('data-kg', String(ownKg(after)));
    await expect.poll(async () => Number(await total.getAttribute('data-kg'))).toBeCloseTo(after.total.co2eKg, 6);
    expect(after.total.co2eKg).toBeCloseTo(before.total.co2eKg + 500, 6);
    // Still kg, still scrolled where it was, and the same document (a reload would drop the marker).
    await expect(total).toHaveText(inKg(after.total.co2eKg));
    await expect(a.page.getByTestId('division-table').locator('thead')).toContainText('kg-CO2e');
    expect(await a.page.evaluate(() => [(window as unknown as { __marker?: number }).__marker, window.scrollY])).toEqual([42, scrollY]);
    expect(errors).toEqual([]);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
