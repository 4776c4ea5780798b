import { expect, test } from '@playwright/test';
import { api, apiLogin, collectPageErrors, loggedInPage, messages, settled } from './helpers';

const ja = messages('ja');
/** A year the demo leaves empty; the factors are entered on the setting, so any pinned library version will do. */
const FISCAL_YEAR = 2023;
const kg = (n: number) => n.toLocaleString('ja-JP');

test('one electricity line carries both scope-2 bases: 10,000 kWh is 4,340 kg location-based and 2,000 kg market-based', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await apiLogin(page.request);
  const { request } = page;
  const basis = (await api(request, token, 'GET', `/api/calculation-basis?fiscalYear=${FISCAL_YEAR}`)).calculationBasis;
  if (basis.isDefault) await api(request, token, 'POST', '/api/calculation-basis', { fiscalYear: FISCAL_YEAR });
  const { companySections } = await api(request, token, 'GET', '/api/company-section');
  const plant = (companySections as { id: string; name: string }[]).find((s) => s.name === '第一工場')!;
  // The supplier's menu at 0.25 kg/kWh (market) and the grid average at 0.434 kg/kWh (location), on one setting.
  const { scopeSettings } = await api(request, token, 'POST', '/api/create-scope-settings', {
    scopeSettings: [
      {
        scopeCategory: '2',
        formulaId: 's2.market',
        section: plant.id,
        detail: { emissionIntensity: { value: 0.25, unit: 'kg-CO2e/kWh' }, gridEmissionIntensity: { value: 0.434, unit: 'kg-CO2e/kWh' } },
      },
    ],
  });
  const settingId = scopeSettings[0].id as string;
  const item = `電気-e2e-${Date.now().toString(36)}`;

  await loggedInPage(page);
  await page.goto('/emission/input/2');
  await settled(page);
  await page.getByTestId('fiscal-year-selector').selectOption(String(FISCAL_YEAR));
  await settled(page);

  await page.getByTestId('line-add').click();
  const dialog = page.getByTestId('line-dialog');
  await dialog.getByTestId('line-setting').selectOption(settingId);
  await dialog.getByTestId('line-date').fill(`${FISCAL_YEAR}-06-15`);
  await dialog.getByTestId('line-item').fill(item);
  await dialog.getByTestId('line-count').fill('10000');
  await dialog.getByTestId('line-count-unit').fill('kWh');
  await dialog.getByTestId('line-field-certificates').fill('2000');
  // The preview is the formula's own basis, market: (10,000 − 2,000 certificates) × 0.25 = 2,000 kg.
  await expect(dialog.getByTestId('line-preview').getByTestId('line-preview-co2e')).toContainText(kg(2000));
  await dialog.getByTestId('line-save').click();
  await expect(dialog).toHaveCount(0);

  // Location-based (the default view): 10,000 kWh × 0.434 = 4,340 kg; certificates never reduce it.
  const row = page.getByTestId('line-row').filter({ hasText: item });
  await expect(row.getByTestId('line-co2e')).toHaveText(kg(4340));
  await row.getByTestId('line-expand').click();
  await expect(page.getByTestId('line-basis-location')).toContainText(kg(4340));
  await expect(page.getByTestId('line-basis-market')).toContainText(kg(2000));

  // The same line on the market basis.
  await page.getByTestId('line-basis').getByText(ja['activityInput.basis.market']!).click();
  await expect(row.getByTestId('line-co2e')).toHaveText(kg(2000));

  // Changing the line starts from its own certificates (not asked again): 3,000 certificates → (10,000 − 3,000) × 0.25 = 1,750 kg.
  await row.getByTestId('line-edit').click();
  await expect(dialog.getByTestId('line-field-certificates')).toHaveValue('2000');
  await dialog.getByTestId('line-field-certificates').fill('3000');
  await expect(dialog.getByTestId('line-preview').getByTestId('line-preview-co2e')).toContainText(kg(1750));
  await dialog.getByTestId('line-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('line-co2e')).toHaveText(kg(1750));

  const dealId = await row.getAttribute('data-id');
  await api(request, token, 'DELETE', '/api/user-input-emission/', { deal: { id: dealId }, scopeSetting: { id: settingId } });
  await api(request, token, 'DELETE', `/api/scope-setting/${encodeURIComponent(settingId)}`);
  expect(errors).toEqual([]);
});
