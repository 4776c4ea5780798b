/// <reference lib="dom" />
import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, axeViolations, collectPageErrors, currentFiscalYear, loggedInPage, settled } from './helpers';

interface Section {
  id: string;
  name: string;
  displayName: string;
  parentSection: string | null;
}

/** The demo's 第一工場 section, and the newest log position (the moment "before" what a test then changes). */
async function plantAndNow(request: APIRequestContext, token: string): Promise<{ plant: Section; before: string }> {
  const sections = ((await api(request, token, 'GET', '/api/company-section')) as { companySections: Section[] }).companySections;
  const plant = sections.find((s) => s.name === '第一工場')!;
  const before = ((await api(request, token, 'GET', '/api/as-of/moments?limit=3')) as { reflected: string }).reflected;
  return { plant, before };
}

/**
 * Issue 16 §1: a view as of a past moment shows the organisation of then, not only its figures —
 * a section renamed since shows its old name, one created since is not there — and back at now the
 * renamed section and the new one are listed.
 */
test('the division view as of a moment lists the sections as they were then', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const { plant, before } = await plantAndNow(request, token);

  const renamed = `第一工場-${Date.now().toString(36)}`;
  await api(request, token, 'POST', '/api/company-section', { section: { id: plant.id, name: renamed, parentSection: plant.parentSection } });
  const { companySection: created } = (await api(request, token, 'POST', '/api/company-section', { section: { name: `新設部門-${Date.now().toString(36)}`, parentSection: plant.parentSection } })) as { companySection: Section };
  try {
    await page.goto(`/emission/view/division?asOf=${before}`);
    await settled(page);
    await expect(page.getByTestId('as-of-tag')).toContainText(before);
    await expect(page.getByTestId('division-row-第一工場')).toBeVisible();
    await expect(page.getByTestId(`division-row-${renamed}`)).toHaveCount(0);
    await expect(page.getByTestId(`division-row-${created.name}`)).toHaveCount(0);
    // The page says what "as of" covers: the organisation of then too.
    await expect(page.getByTestId('as-of-bar')).toContainText('部門');
    expect(await axeViolations(page)).toEqual([]);
    // The section's own page as of then carries its old name.
    await page.getByTestId('division-link-第一工場').click();
    await expect(page).toHaveURL(/asOf=/);
    await expect(page.locator('main')).toContainText('第一工場');
    await expect(page.getByText(renamed)).toHaveCount(0);

    await page.goto('/emission/view/division');
    await settled(page);
    await expect(page.getByTestId(`division-row-${renamed}`)).toBeVisible();
    await expect(page.getByTestId(`division-row-${created.name}`)).toBeVisible();
    await expect(page.getByTestId('division-row-第一工場')).toHaveCount(0);
  } finally {
    await api(request, token, 'POST', '/api/company-section', { section: { id: plant.id, name: plant.name, parentSection: plant.parentSection } });
    await api(request, token, 'DELETE', `/api/company-section/${created.id}`, {});
  }
  expect(errors).toEqual([]);
});

/**
 * Issue 16 §5 as of a moment: from a total down to its lines — the scope-2 detail page as of a
 * moment before a late line lists the lines of then (one fewer, and a total 1,000 kg lower:
 * 2,000 kWh × 0.5 kg/kWh), and a line's history link leads to its events.
 */
test('the lines behind a scope total as of a moment are the lines of then', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const { plant, before } = await plantAndNow(request, token);
  const { scopeSettings } = await api(request, token, 'POST', '/api/create-scope-settings', {
    scopeSettings: [{ scopeCategory: '2', formulaId: 's2.location', section: plant.id, detail: { emissionIntensity: { value: 0.5, unit: 'kg-CO2e/kWh' } } }],
  });
  // Last fiscal year, where the demo has lines of its own (July lies in it whatever the start month).
  const year = (await currentFiscalYear(request, token)) - 1;
  const { line } = (await api(request, token, 'POST', '/api/user-input-emission', {
    deal: { id: `e2e-lines-as-of-${Date.now().toString(36)}`, count: 2000, countUnit: 'kWh', occurrenceDate: `${year}-07-01` },
    scopeSetting: { id: scopeSettings[0].id },
  })) as { line: { dealId: string; scopeSettingId: string; co2eKg: number } };
  try {
    // The page's total, 0 when it lists no line (no table then).
    const totalKg = async () => ((await page.getByTestId('detail-total').count()) === 0 ? 0 : Number(await page.getByTestId('detail-total').getAttribute('data-kg')));
    await page.goto(`/emission/view/scope/detail/2/1?fiscalYear=${year}`);
    await settled(page);
    await expect(page.getByTestId('detail-line').first()).toBeVisible();
    const nowCount = await page.getByTestId('detail-line').count();
    const nowKg = await totalKg();

    await page.goto(`/emission/view/scope/detail/2/1?fiscalYear=${year}&asOf=${before}`);
    await settled(page);
    await expect(page.getByTestId('as-of-tag')).toContainText(before);
    await expect(page.getByTestId('detail-line')).toHaveCount(nowCount - 1);
    await expect.poll(async () => nowKg - (await totalKg())).toBeCloseTo(line.co2eKg, 6);
    expect(line.co2eKg).toBeCloseTo(1000, 6);
    expect(await axeViolations(page)).toEqual([]);
    // A line's history: the audit log of its deal (the whole trail).
    if (nowCount > 1) {
      await page.getByTestId('detail-line-history').first().click();
      await expect(page).toHaveURL(/\/emission\/setting\/audit-log\?entityId=/);
    }
  } finally {
    await api(request, token, 'DELETE', '/api/user-input-emission/', { deal: { id: line.dealId }, scopeSetting: { id: line.scopeSettingId } });
    await api(request, token, 'DELETE', `/api/scope-setting/${line.scopeSettingId}`, {});
  }
  expect(errors).toEqual([]);
});
