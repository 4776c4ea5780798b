/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { api, collectPageErrors, loggedInPage, settled, today } from './helpers';

test('the aggregate shows the fiscal year’s total, and a line recorded elsewhere changes it without a reload', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;

  // Setup through the API: the current fiscal year's basis, a scope-2 setting at 0.5 kg/kWh, one line.
  const date = today();
  const { fiscalYear: setting } = await api(request, token, 'GET', '/api/fiscal-year');
  const [year, month] = date.split('-').map(Number) as [number, number];
  const fiscalYear = month < setting.startMonth ? year - 1 : year;
  await api(request, token, 'POST', '/api/calculation-basis', { fiscalYear });
  const { companySections } = await api(request, token, 'GET', '/api/company-section');
  const plant = (companySections as { id: string; name: string }[]).find((s) => s.name === '第一工場')!;
  const { scopeSettings } = await api(request, token, 'POST', '/api/create-scope-settings', {
    scopeSettings: [{ scopeCategory: '2', formulaId: 's2.location', section: plant.id, detail: { emissionIntensity: { value: 0.5, unit: 'kg-CO2e/kWh' } } }],
  });
  const record = async (dealId: string, kWh: number) =>
    (await api(request, token, 'POST', '/api/user-input-emission', { deal: { id: dealId, count: kWh, countUnit: 'kWh', occurrenceDate: date }, scopeSetting: { id: scopeSettings[0].id } })).line as { co2eKg: number };
  const suffix = Date.now().toString(36);
  expect((await record(`e2e-agg-1-${suffix}`, 1000)).co2eKg).toBe(500); // 1,000 kWh × 0.5

  await page.goto('/emission/aggregate');
  await settled(page);
  await expect(page.getByTestId('page-title')).toHaveText('集計');
  const total = page.getByTestId('aggregate-total');
  await expect(total).toContainText('t-CO2e');
  // The year may hold other lines (the demo's): the figures are checked against the API's.
  const before = (await api(request, token, 'GET', `/api/emission-aggregate?fiscalYear=${fiscalYear}`)) as { total: { co2eKg: number } };
  expect(before.total.co2eKg).toBeGreaterThanOrEqual(500);
  await expect(total).toHaveAttribute('data-kg', String(before.total.co2eKg));
  await expect(page.getByTestId('aggregate-row-2')).toBeVisible();
  await expect(page.getByTestId('aggregate-chart-category').locator('rect')).not.toHaveCount(0);

  // The table sorts; the CSV is UTF-8 with a byte-order mark.
  await page.getByTestId('sort-name').click();
  await expect(page.locator('th[aria-sort="ascending"]')).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('aggregate-download').click()]);
  const csv = readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.toString('utf8')).toContain('カテゴリコード,カテゴリ,明細数');

  // Another line recorded through the API while the page is open: the total follows, no reload.
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  expect((await record(`e2e-agg-2-${suffix}`, 2000)).co2eKg).toBe(1000); // 2,000 kWh × 0.5
  await expect.poll(async () => Number(await total.getAttribute('data-kg')), { timeout: 1_000 }).toBeCloseTo(before.total.co2eKg + 1000, 6);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);

  // On the market basis each line counts its market figure (a location-only line its grid average).
  await page.getByTestId('aggregate-basis').getByText('マーケット基準').click();
  const market = (await api(request, token, 'GET', `/api/emission-aggregate?fiscalYear=${fiscalYear}&basis=market`)) as { total: { co2eKg: number } };
  await expect(total).toHaveAttribute('data-kg', String(market.total.co2eKg));
  expect(errors).toEqual([]);
});
