import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, apiLogin, collectPageErrors, loggedInPage, messages, newLoggedInPage, screenshot, settled } from './helpers';

const ja = messages('ja');
/** SHK's legacy table (valid until March 2023) is the library's only diesel value: fiscal year 2022 can use it. */
const FISCAL_YEAR = 2022;
const DIESEL = 'jp-shk:fuel.diesel';
const kg = (n: number) => n.toLocaleString('ja-JP');

/**
 * The year's basis fixed (its default pins SHK legacy) and a scope-1 diesel setting for 第一工場;
 * the year's scope 1 starts empty (the demo has none there), so scope-1 lines of the year that an
 * earlier attempt left (a retry, or another test cut short) are deleted first.
 */
async function prepare(request: APIRequestContext) {
  const token = await apiLogin(request);
  const { lines } = await api(request, token, 'POST', '/api/user-input-table-data', { fiscalYear: FISCAL_YEAR, scopeId: '1' });
  for (const line of lines as { dealId: string; scopeSettingId: string }[]) {
    await api(request, token, 'DELETE', '/api/user-input-emission/', { deal: { id: line.dealId }, scopeSetting: { id: line.scopeSettingId } });
  }
  const basis = (await api(request, token, 'GET', `/api/calculation-basis?fiscalYear=${FISCAL_YEAR}`)).calculationBasis;
  if (basis.isDefault) await api(request, token, 'POST', '/api/calculation-basis', { fiscalYear: FISCAL_YEAR });
  const fixed = (await api(request, token, 'GET', `/api/calculation-basis?fiscalYear=${FISCAL_YEAR}`)).calculationBasis;
  expect(fixed.factorSets['jp-shk']).toBe('legacy');
  const sections = (await api(request, token, 'GET', '/api/company-section')).companySections as { id: string; name: string }[];
  const section = sections.find((s) => s.name === '第一工場')!.id;
  const created = await api(request, token, 'POST', '/api/create-scope-settings', {
    scopeSettings: [{ scopeCategory: '1', formulaId: 's1.fuel', section, detail: { emissionIntensity: DIESEL }, dealId: null }],
  });
  return created.scopeSettings[0].id as string;
}

async function openCategory(page: Page) {
  await page.goto('/emission/input/1');
  await settled(page);
  await page.getByTestId('fiscal-year-selector').selectOption(String(FISCAL_YEAR));
  await settled(page);
}

test.describe('activity input', () => {
  test('an admin adds a diesel line of 1,000 L and sees 2,580 kg CO2e on it and in the total; a viewer only reads it', async ({ page, browser }) => {
    const errors = collectPageErrors(page);
    const settingId = await prepare(page.request);
    await loggedInPage(page);
    await openCategory(page);
    await expect(page.getByTestId('line-total')).toContainText(kg(0));

    await page.getByTestId('line-add').click();
    const dialog = page.getByTestId('line-dialog');
    // The setting's formula asks for the fuel (item) and the amount used (count), not for an amount of money.
    await dialog.getByTestId('line-setting').selectOption(settingId);
    await expect(dialog.getByTestId('line-item')).toBeVisible();
    await expect(dialog.getByTestId('line-amount')).toHaveCount(0);
    await dialog.getByTestId('line-date').fill(`${FISCAL_YEAR}-04-15`);
    await dialog.getByTestId('line-item').fill('軽油');
    await dialog.getByTestId('line-count').fill('1000');
    await dialog.getByTestId('line-count-unit').fill('L');
    // The preview as one types: CO2e, the arithmetic and the factor with its set and version.
    const preview = dialog.getByTestId('line-preview');
    await expect(preview.getByTestId('line-preview-co2e')).toContainText(kg(2580));
    await expect(preview.getByTestId('line-preview-factors')).toContainText('jp-shk:fuel.diesel@legacy');
    await screenshot(page, 'activity-input-dialog', 'ja');
    // A date outside the fiscal year is refused before anything is sent.
    await dialog.getByTestId('line-date').fill(`${FISCAL_YEAR + 1}-04-15`);
    await dialog.getByTestId('line-save').click();
    await expect(dialog).toContainText(ja['activityInput.dateOutsideYear']!);
    await dialog.getByTestId('line-date').fill(`${FISCAL_YEAR}-04-15`);
    await dialog.getByTestId('line-save').click();
    await expect(dialog).toHaveCount(0);

    const row = page.getByTestId('line-row').filter({ hasText: `${FISCAL_YEAR}-04-15` });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('line-co2e')).toHaveText(kg(2580));
    await expect(row.getByTestId('line-quantity')).toContainText(`${kg(1000)} L`);
    await expect(row).toContainText('jp-shk:fuel.diesel@legacy');
    await expect(page.getByTestId('line-table-total')).toHaveText(kg(2580));
    await expect(page.getByTestId('line-total')).toContainText(kg(2580));
    await row.getByTestId('line-expand').click();
    await expect(page.getByTestId('line-gases')).toContainText('CO2：');
    await screenshot(page, 'activity-input', 'ja');

    // The overview counts it under scope 1.
    await page.goto('/emission/input');
    await settled(page);
    const scope1 = page.locator('[data-testid="input-category"][data-category="1"]');
    await expect(scope1.getByTestId('input-category-count')).toHaveText('1');
    await expect(scope1.getByTestId('input-category-total')).toHaveText(kg(2580));

    // A viewer sees the line and may not add, change or delete.
    const viewer = await newLoggedInPage(browser, 'viewer@demo.example');
    await openCategory(viewer.page);
    const seen = viewer.page.getByTestId('line-row').filter({ hasText: `${FISCAL_YEAR}-04-15` });
    await expect(seen.getByTestId('line-co2e')).toHaveText(kg(2580));
    await expect(viewer.page.getByTestId('line-add')).toBeDisabled();
    await expect(seen.getByTestId('line-edit')).toBeDisabled();
    await expect(seen.getByTestId('line-delete')).toBeDisabled();
    await viewer.context.close();

    // Delete, after confirming.
    await openCategory(page);
    await row.getByTestId('line-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: ja['common.delete']! }).click();
    await expect(row).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
