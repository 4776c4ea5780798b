/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { api, axeViolations, collectPageErrors, currentFiscalYear, loggedInPage, screenshot, settled, today } from './helpers';

interface Totals {
  asOf: string | null;
  total: { co2eKg: number; lines: number };
}

test('a view as of a past moment shows the figures of then, keeps the moment in its address, and comes back to now', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const fiscalYear = await currentFiscalYear(request, token);
  // The log position the ledger stands at before the line below.
  const before = ((await api(request, token, 'GET', `/api/reports/draft?fiscalYear=${fiscalYear}`)) as { content: { position: string } }).content.position;

  const { companySections } = (await api(request, token, 'GET', '/api/company-section')) as { companySections: { id: string; name: string }[] };
  const plant = companySections.find((s) => s.name === '第一工場')!;
  const { scopeSettings } = await api(request, token, 'POST', '/api/create-scope-settings', {
    scopeSettings: [{ scopeCategory: '2', formulaId: 's2.location', section: plant.id, detail: { emissionIntensity: { value: 0.5, unit: 'kg-CO2e/kWh' } } }],
  });
  const { line } = (await api(request, token, 'POST', '/api/user-input-emission', {
    deal: { id: `e2e-as-of-${Date.now().toString(36)}`, count: 2000, countUnit: 'kWh', occurrenceDate: today() },
    scopeSetting: { id: scopeSettings[0].id },
  })) as { line: { dealId: string; scopeSettingId: string; co2eKg: number } };
  try {
    const totals = async (query: string) => (await api(request, token, 'GET', `/api/emission-totals?fromYear=${fiscalYear}&groupBy=section${query}`)) as Totals;
    const now = await totals('');
    const then = await totals(`&asOf=${before}`);
    expect(then.asOf).toBe(before);
    // 2,000 kWh × 0.5 kg/kWh = 1,000 kg more now than then.
    expect(line.co2eKg).toBeCloseTo(1000, 6);
    expect(now.total.co2eKg - then.total.co2eKg).toBeCloseTo(line.co2eKg, 6);

    await page.goto(`/emission/view/division?asOf=${before}`);
    await settled(page);
    await expect(page.getByTestId('as-of-tag')).toContainText(before);
    await expect(page.getByTestId('division-total')).toHaveAttribute('data-kg', String(then.total.co2eKg));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'view-division-as-of', 'ja');

    // Back to now: the address drops the moment and the line is in the total.
    await page.getByTestId('as-of-clear').click();
    await expect(page).not.toHaveURL(/asOf=/);
    await expect(page.getByTestId('division-total')).toHaveAttribute('data-kg', String(now.total.co2eKg));

    // A moment typed in the field: before the demo company had a section or a line, nothing — no tree, no total.
    await page.getByTestId('as-of').fill('2000-01-01T09:00');
    await expect(page).toHaveURL(/asOf=2000-01-01T00/); // 09:00 in Tokyo is midnight UTC: 2000-01-01T00:00:00.000Z
    await expect(page.getByTestId('as-of-tag')).toBeVisible();
    await expect(page.getByTestId('division-table')).toHaveCount(0);
    await expect(page.getByTestId('division-total')).toHaveCount(0);
  } finally {
    await api(request, token, 'DELETE', '/api/user-input-emission/', { deal: { id: line.dealId }, scopeSetting: { id: line.scopeSettingId } });
    await api(request, token, 'DELETE', `/api/scope-setting/${line.scopeSettingId}`, {});
  }
  expect(errors).toEqual([]);
});
