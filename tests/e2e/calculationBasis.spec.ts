import { expect, test } from '@playwright/test';
import { loggedInPage, messages, screenshot, settled } from './helpers';

const ja = messages('ja');
const PATH = '/emission/setting/calculation-basis';

test.describe('calculation basis', () => {
  test('AR6 → AR5 for a year: preview shows before and after, the restatement is saved and audited', async ({ page }) => {
    const token = await loggedInPage(page);
    await page.goto(PATH);
    await settled(page);
    await expect(page.getByTestId('basis-gwp')).toHaveValue('AR6');

    // Nothing changed yet: no preview, no save.
    await expect(page.getByTestId('basis-preview')).toBeDisabled();
    await page.getByTestId('basis-gwp').selectOption('AR5');
    await expect(page.getByTestId('basis-save')).toBeDisabled();
    await page.getByTestId('basis-preview').click();
    const result = page.getByTestId('basis-preview-result');
    await expect(result).toBeVisible();
    // SF6 0.8 kg: 0.8 × 25,200 (AR6) = 20,160 kg before, 0.8 × 23,500 (AR5) = 18,800 kg after.
    const sf6 = result.getByTestId('basis-line-switchgear-sf6');
    await expect(sf6).toContainText((20160).toLocaleString('ja-JP'));
    await expect(sf6).toContainText((18800).toLocaleString('ja-JP'));
    await expect(sf6).toContainText((-1360).toLocaleString('ja-JP'));
    await expect(result.locator('svg')).toBeVisible();
    await screenshot(page, 'calculation-basis-preview', 'ja');

    await page.getByTestId('basis-reason').fill('E2E: GWP を AR5 に揃える');
    await page.getByTestId('basis-save').click();
    await expect(page.locator('.bp6-toast')).toBeVisible();
    await expect(page.getByTestId('basis-fixed')).toBeVisible();
    await expect(page.getByTestId('basis-gwp')).toHaveValue('AR5');

    // Stored: the server answers the same basis, with AR5.
    const year = (await page.getByTestId('basis-history').locator('tbody tr').first().innerText()).match(/\d{4}/)![0];
    const stored = await (await page.request.get(`/api/calculation-basis?fiscalYear=${year}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(stored.calculationBasis.gwpSet).toBe('AR5');
    expect(stored.calculationBasis.isDefault).toBe(false);

    // Back to AR6: a restatement, with its reason and before/after in the audit log.
    await page.getByTestId('basis-gwp').selectOption('AR6');
    await page.getByTestId('basis-preview').click();
    await page.getByTestId('basis-reason').fill('E2E: AR6 に戻す');
    await page.getByTestId('basis-save').click();
    await expect(page.getByTestId('basis-gwp')).toHaveValue('AR6');
    await page.goto('/emission/setting/audit-log');
    await settled(page);
    const restated = page.locator('[data-testid="audit-row"][data-type="CalculationBasisChanged"]').first();
    await expect(restated).toContainText('AR5');
    await expect(restated).toContainText('AR6');
    await expect(restated).toContainText('E2E: AR6 に戻す');
    // In words, not as raw names, and found by its area in the filter.
    await expect(restated).toContainText(ja['audit.event.CalculationBasisChanged']!);
    await expect(restated).toContainText(ja['audit.field.gwpSet']!);
    await expect(restated).not.toContainText('CalculationBasisChanged');
    await page.getByTestId('audit-topic-filter').selectOption('calculation/basis');
    // The demo seed set the year's basis: the changes are this test's, the first set older.
    await expect(page.locator('[data-testid="audit-row"][data-type="CalculationBasisChanged"]').first()).toContainText(ja['audit.event.CalculationBasisChanged']!);
    await expect(page.locator('[data-testid="audit-row"]:not([data-type^="CalculationBasis"])')).toHaveCount(0);
  });

  test('moving the SHK set shows the unit refusal line by line instead of a silent number', async ({ page }) => {
    await loggedInPage(page);
    await page.goto(PATH);
    await settled(page);
    await page.getByTestId('basis-set-jp-shk').selectOption('legacy');
    await page.getByTestId('basis-preview').click();
    const gas = page.getByTestId('basis-line-city-gas');
    await expect(gas).toContainText(ja['calculationBasis.line.unit_mismatch']!);
  });

  test('a viewer sees the basis but cannot change it', async ({ page }) => {
    await loggedInPage(page, 'viewer@demo.example');
    await page.goto(PATH);
    await settled(page);
    await expect(page.getByTestId('basis-gwp')).toBeDisabled();
    await expect(page.getByTestId('basis-save')).toHaveCount(0);
  });
});
