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
    // Two notices: the basis saved, and the year's activity lines (the demo's) recalculated under it.
    const after = (id: string, placeholder: string) => ja[id]!.split(placeholder)[1]!.trim();
    await expect(page.locator('.bp6-toast').filter({ hasText: after('calculationBasis.saved', '{year}') })).toBeVisible();
    await expect(page.locator('.bp6-toast').filter({ hasText: ja['calculationBasis.recalculated']!.split('{n}')[0]!.trim() })).toBeVisible();
    await expect(page.getByTestId('basis-fixed')).toBeVisible();
    await expect(page.getByTestId('basis-gwp')).toHaveValue('AR5');

    // Stored: the server answers the same basis, with AR5, and the year's lines were recalculated under it.
    const year = (await page.getByTestId('basis-history').locator('tbody tr').first().innerText()).match(/\d{4}/)![0];
    const headers = { Authorization: `Bearer ${token}` };
    const stored = await (await page.request.get(`/api/calculation-basis?fiscalYear=${year}`, { headers })).json();
    expect(stored.calculationBasis.gwpSet).toBe('AR5');
    expect(stored.calculationBasis.isDefault).toBe(false);
    const { lines } = await (await page.request.post('/api/user-input-table-data', { headers, data: { fiscalYear: Number(year), scopeId: '1' } })).json();
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set((lines as { gwpSet: string }[]).map((l) => l.gwpSet))).toEqual(new Set(['AR5']));

    // Back to AR6: a restatement, with its reason and before/after in the audit log.
    await page.getByTestId('basis-gwp').selectOption('AR6');
    await page.getByTestId('basis-preview').click();
    await page.getByTestId('basis-reason').fill('E2E: AR6 に戻す');
    await page.getByTestId('basis-save').click();
    await expect(page.getByTestId('basis-gwp')).toHaveValue('AR6');
    await page.goto('/emission/setting/audit-log');
    await settled(page);
    // The restatement's own entry, among the year's recalculated lines (one entry each): found by its area.
    await page.getByTestId('audit-topic-filter').selectOption('calculation/basis');
    const restated = page.locator('[data-testid="audit-row"][data-type="CalculationBasisChanged"]').first();
    await expect(restated).toContainText('AR5');
    await expect(restated).toContainText('AR6');
    await expect(restated).toContainText('E2E: AR6 に戻す');
    // In words, not as raw names, and found by its area in the filter.
    await expect(restated).toContainText(ja['audit.event.CalculationBasisChanged']!);
    await expect(restated).toContainText(ja['audit.field.gwpSet']!);
    await expect(restated).not.toContainText('CalculationBasisChanged');
    // The area's entries only, filtered by the server; the recalculated lines are under activity lines.
    await expect(page.locator('[data-testid="audit-row"]:not([data-type^="CalculationBasis"])')).toHaveCount(0);
    await page.getByTestId('audit-topic-filter').selectOption('activity/lines');
    await expect(page.locator('[data-testid="audit-row"][data-type="ActivityLineRecalculated"]').first()).toContainText(ja['audit.event.ActivityLineRecalculated']!);
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
