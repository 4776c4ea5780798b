/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { api, axeViolations, collectPageErrors, currentFiscalYear, loggedInPage, messages, screenshot, settled } from './helpers';

const ja = messages('ja');

interface EnergyAnswer {
  content: { position: string; years: { fiscalYear: number; gj: string; crudeOilKl: string; byType: { energyType: string; gj: string; crudeOilKl: string }[] }[] };
  sha256: string;
  gaps: { kind: string; fiscalYear: number }[];
}

test('the 省エネ法 report shows the API’s figures for five years, the gaps, and is accessible', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const year = (await currentFiscalYear(page.request, token)) - 1;
  const answer = (await api(page.request, token, 'GET', `/api/reports/energy?fiscalYear=${year}`)) as EnergyAnswer;
  const fy = answer.content.years.at(-1)!;
  // Arithmetic written out: the year's total is the sum of its types, and kL = GJ × 0.0258 (6 decimals).
  const micro = (text: string) => BigInt(text.replace('.', ''));
  expect(fy.byType.reduce((sum, t) => sum + micro(t.gj), 0n)).toBe(micro(fy.gj));
  expect(Number(fy.crudeOilKl)).toBeCloseTo(Number(fy.gj) * 0.0258, 6);
  expect(fy.byType.some((t) => t.energyType === 'electricity')).toBe(true);

  await page.goto(`/emission/report/energy?fiscalYear=${year}`);
  await settled(page);
  await expect(page.getByTestId('page-title')).toHaveText(ja['route.emission.report.energy']!);
  await expect(page.getByTestId('energy-total-gj')).toHaveAttribute('data-value', fy.gj);
  await expect(page.getByTestId('energy-total-kl')).toHaveAttribute('data-value', fy.crudeOilKl);
  for (const type of fy.byType) {
    const row = page.locator(`[data-testid="energy-type-row"][data-type="${type.energyType}"]`);
    await expect(row.locator(`td[data-year="${year}"]`)).toHaveAttribute('data-value', type.gj);
    await expect(row.getByTestId('energy-type-kl')).toHaveAttribute('data-value', type.crudeOilKl);
  }
  for (const y of answer.content.years) await expect(page.locator(`[data-testid="energy-year-total"][data-year="${y.fiscalYear}"]`)).toHaveAttribute('data-value', y.gj);
  // Displayed in ja with grouping: e.g. the total GJ.
  await expect(page.getByTestId('energy-total-gj')).toContainText(new Intl.NumberFormat('ja', { maximumFractionDigits: 3 }).format(Number(fy.gj)));
  await expect(page.getByTestId('energy-gap')).toHaveCount(answer.gaps.length);
  if (answer.gaps.length > 0) await expect(page.getByTestId('energy-gaps')).toContainText(ja['energyReport.gap.title']!);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'energy-report', 'ja');

  // As of the report's own position: the same figures (the layout's as-of control carries it in the address).
  await page.goto(`/emission/report/energy?fiscalYear=${year}&asOf=${answer.content.position}`);
  await settled(page);
  await expect(page.getByTestId('energy-total-gj')).toHaveAttribute('data-value', fy.gj);
  expect(errors).toEqual([]);
});
