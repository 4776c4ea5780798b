/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { api, axeViolations, collectPageErrors, currentFiscalYear, loggedInPage, messages, screenshot, settled } from './helpers';

const ja = messages('ja');

interface BaseYear {
  baseYear: number | null;
  records: { kind: string; position: string }[];
  change: { changeKg: string; significant: boolean } | null;
}

test('an admin sets the base year from its inventory as shown, sees a late line move it with its event, and records the recalculation with a reason', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const baseYear = (await currentFiscalYear(request, token)) - 2;
  const recordsBefore = ((await api(request, token, 'GET', '/api/base-year')) as BaseYear).records.length;

  await page.goto('/emission/report/base-year');
  await settled(page);
  await expect(page.getByTestId('page-title')).toHaveText(ja['route.emission.report.baseYear']!);
  await page.getByTestId('base-year-year').selectOption(String(baseYear));
  await page.getByTestId('base-year-threshold').fill('0.5');
  // The inventory shown is the API's draft of that year.
  const draft = (await api(request, token, 'GET', `/api/reports/draft?fiscalYear=${baseYear}`)) as { content: { scope1Kg: string; scope2LocationKg: string; scope3Kg: string } };
  const shownTotal = Number(draft.content.scope1Kg) + Number(draft.content.scope2LocationKg) + Number(draft.content.scope3Kg);
  await expect.poll(async () => Number(await page.getByTestId('base-year-draft').getAttribute('data-total-kg'))).toBeCloseTo(shownTotal, 6);
  await page.getByTestId('base-year-set-submit').click();
  await expect(page.getByTestId('base-year-status')).toHaveAttribute('data-change-kg', '0.000000');
  await expect(page.getByTestId('base-year-record')).toHaveCount(recordsBefore + 1);
  expect(await axeViolations(page)).toEqual([]);

  // A scope-2 line found late in the base year: 4,000 kWh × 0.5 kg/kWh = 2,000 kg.
  const { companySections } = (await api(request, token, 'GET', '/api/company-section')) as { companySections: { id: string; name: string }[] };
  const plant = companySections.find((s) => s.name === '第一工場')!;
  const { scopeSettings } = await api(request, token, 'POST', '/api/create-scope-settings', {
    scopeSettings: [{ scopeCategory: '2', formulaId: 's2.location', section: plant.id, detail: { emissionIntensity: { value: 0.5, unit: 'kg-CO2e/kWh' } } }],
  });
  const { line } = (await api(request, token, 'POST', '/api/user-input-emission', {
    deal: { id: `e2e-base-year-${Date.now().toString(36)}`, count: 4000, countUnit: 'kWh', occurrenceDate: `${baseYear}-07-01` },
    scopeSetting: { id: scopeSettings[0].id },
  })) as { line: { dealId: string; scopeSettingId: string; co2eKg: number } };
  try {
    expect(line.co2eKg).toBeCloseTo(2000, 6);
    const moved = (await api(request, token, 'GET', '/api/base-year')) as BaseYear;
    expect(Number(moved.change!.changeKg)).toBeCloseTo(2000, 6);
    // The page follows without a reload: the change, whether it passes 0.5 %, the line and its event.
    await expect(page.getByTestId('base-year-status')).toHaveAttribute('data-change-kg', moved.change!.changeKg);
    await expect(page.getByTestId('base-year-status')).toHaveAttribute('data-significant', String(moved.change!.significant));
    const row = page.locator(`[data-testid="report-line"][data-deal-id="${line.dealId}"]`);
    await expect(row.getByTestId('report-line-event')).toHaveAttribute('data-type', 'ActivityLineRecorded');
    await screenshot(page, 'base-year', 'ja');

    await page.getByTestId('base-year-reason').selectOption('error');
    await page.getByTestId('base-year-note').fill('October electricity invoice found in the 2026 audit');
    await page.getByTestId('base-year-restate-submit').click();
    await expect(page.getByTestId('base-year-record')).toHaveCount(recordsBefore + 2);
    await expect(page.getByTestId('base-year-record').last()).toHaveAttribute('data-kind', 'restated');
    await expect(page.getByTestId('base-year-status')).toHaveAttribute('data-change-kg', '0.000000');
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await api(request, token, 'DELETE', '/api/user-input-emission/', { deal: { id: line.dealId }, scopeSetting: { id: line.scopeSettingId } });
    await api(request, token, 'DELETE', `/api/scope-setting/${line.scopeSettingId}`, {});
  }
  expect(errors).toEqual([]);
});
