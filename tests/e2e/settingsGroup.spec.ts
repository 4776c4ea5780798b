import { expect, test } from '@playwright/test';
import { collectPageErrors, loggedInPage, screenshot, setUserLanguage, settled } from './helpers';

// Values of this run only, so the spec passes on a data folder other specs have used.
const run = Date.now().toString().slice(-6);
// The selected company, so its audit log (per company) shows the change.
const COMPANY = 'デモ製造株式会社';

test.describe('regions, group flags and intensities', () => {
  test('change the region of a company (and put it back)', async ({ page }) => {
    const errors = collectPageErrors(page);
    await loggedInPage(page);
    await page.goto('/emission/setting/region');
    await settled(page);
    const row = page.getByTestId(`region-row-${COMPANY}`);
    await expect(row.getByTestId('region-value')).toHaveText('日本');

    await row.getByTestId('region-change').click();
    await expect(page.getByTestId('region-save')).toBeDisabled();
    await page.getByTestId('region-select').selectOption('Korea');
    await page.getByTestId('region-save').click();
    await expect(row.getByTestId('region-value')).toHaveText('韓国');
    await page.getByTestId('sort-region').click();
    await expect(page.locator('th[aria-sort="ascending"]')).toHaveCount(1);
    await screenshot(page, 'region', 'ja');

    // Recorded in the audit log, with before and after.
    await page.goto('/emission/setting/audit-log');
    await settled(page);
    const entry = page.locator('[data-testid="audit-row"][data-type="CompanyRegionChanged"]').first();
    await expect(entry.getByTestId('audit-after')).toHaveText('韓国');

    // Put back: other specs read the demo data.
    await page.goto('/emission/setting/region');
    await settled(page);
    await row.getByTestId('region-change').click();
    await page.getByTestId('region-select').selectOption('Japan');
    await page.getByTestId('region-save').click();
    await expect(row.getByTestId('region-value')).toHaveText('日本');
    expect(errors).toEqual([]);
  });

  test('create a group flag with sections, then rename it and change its sections', async ({ page }) => {
    const errors = collectPageErrors(page);
    await loggedInPage(page);
    await page.goto('/emission/setting/group-flag');
    await settled(page);
    const name = `E2E工場群-${run}`;

    await page.getByTestId('group-flag-add').click();
    await expect(page).toHaveURL(/\/emission\/setting\/group-flag\/edit$/);
    await settled(page);
    // A name is required.
    await page.getByTestId('group-flag-save').click();
    await expect(page.locator('.bp6-form-group', { has: page.getByTestId('group-flag-name') })).toContainText('必須項目です');

    await page.getByTestId('group-flag-name').fill(name);
    const sections = page.getByTestId('group-flag-sections');
    await sections.getByLabel('第一工場').check({ force: true });
    await sections.getByLabel('第二工場').check({ force: true });
    await screenshot(page, 'group-flag-edit', 'ja');
    await page.getByTestId('group-flag-save').click();
    await expect(page).toHaveURL(/\/emission\/setting\/group-flag$/);
    const row = page.getByTestId(`group-flag-row-${name}`);
    await expect(row).toContainText('第一工場');
    await expect(row).toContainText('第二工場');

    // Edit: the saved sections come back checked; rename and swap one section.
    await row.getByTestId('group-flag-edit').click();
    await expect(page).toHaveURL(/group-flag\/edit\?id=/);
    await expect(page.getByTestId('group-flag-name')).toHaveValue(name);
    await expect(sections.getByLabel('第一工場')).toBeChecked();
    await page.getByTestId('group-flag-name').fill(`${name}（改）`);
    await sections.getByLabel('第二工場').uncheck({ force: true });
    await sections.getByLabel('経理部').check({ force: true });
    await page.getByTestId('group-flag-save').click();
    const renamed = page.getByTestId(`group-flag-row-${name}（改）`);
    await expect(renamed).toContainText('経理部');
    await expect(renamed).not.toContainText('第二工場');
    await screenshot(page, 'group-flags', 'ja');

    // The same name twice is refused by the server and shown.
    await page.getByTestId('group-flag-add').click();
    await page.getByTestId('group-flag-name').fill(`${name}（改）`);
    await page.getByTestId('group-flag-save').click();
    await expect(page.getByTestId('server-error')).toContainText('同じ名前のフラグがすでにあります。');
    expect(errors).toEqual([]);
  });

  test('an intensity in the master, and its values per fiscal year with a chart', async ({ page }) => {
    const errors = collectPageErrors(page);
    const token = await loggedInPage(page);
    await page.goto('/emission/setting/intensity');
    await settled(page);
    const name = `E2E売上高-${run}`;

    await page.getByTestId('intensity-add').click();
    await page.getByTestId('intensity-name').fill(name);
    await page.getByTestId('intensity-save').click();
    await expect(page.locator('.bp6-form-group', { has: page.getByTestId('intensity-unit') })).toContainText('必須項目です');
    await page.getByTestId('intensity-unit').fill('百万円');
    await page.getByTestId('intensity-save').click();
    await expect(page.getByTestId(`intensity-row-${name}`)).toContainText('百万円');

    await page.goto('/emission/setting/management-intensity');
    await settled(page);
    for (const [year, value] of [
      ['2023', '1,180'],
      ['2024', '1250.5'],
    ] as const) {
      await page.getByTestId('value-add').click();
      await page.getByTestId('value-intensity').selectOption({ label: `${name}（百万円）` });
      await page.getByTestId('value-year').fill(year);
      await page.getByTestId('value-value').fill(value);
      await page.getByTestId('value-save').click();
      await expect(page.getByTestId('value-dialog')).toBeHidden();
    }
    // A second value for the same year is refused (409) and named.
    await page.getByTestId('value-add').click();
    await page.getByTestId('value-intensity').selectOption({ label: `${name}（百万円）` });
    await page.getByTestId('value-year').fill('2024');
    await page.getByTestId('value-value').fill('1');
    await page.getByTestId('value-save').click();
    await expect(page.getByTestId('server-error')).toContainText('この原単位のこの年度の値はすでにあります。');
    await page.getByTestId('value-dialog').getByRole('button', { name: 'キャンセル' }).click();

    await page.getByTestId('value-filter').selectOption({ label: name });
    await expect(page.getByTestId(`value-row-${name}-2024`)).toContainText('1,250.5');
    await expect(page.getByTestId(`value-row-${name}-2023`)).toContainText('1,180');
    const chart = page.getByTestId('value-chart');
    await expect(chart).toContainText(`${name}（百万円）の推移`);
    await expect(chart.locator('rect')).toHaveCount(2);
    await screenshot(page, 'management-intensity', 'ja');

    // An intensity with values cannot be deleted: the server says why.
    await page.goto('/emission/setting/intensity');
    await settled(page);
    await page.getByTestId(`intensity-row-${name}`).getByTestId('intensity-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: '削除' }).click();
    await expect(page.locator('.bp6-toast')).toContainText('年度ごとの値があるため削除できません');
    await expect(page.getByTestId(`intensity-row-${name}`)).toBeVisible();

    await setUserLanguage(page.request, token, 'en');
    try {
      await page.goto('/emission/setting/management-intensity');
      await settled(page);
      await page.getByTestId('value-filter').selectOption({ label: name });
      await expect(page.getByTestId('value-chart')).toContainText('across years');
      await screenshot(page, 'management-intensity', 'en');
    } finally {
      await setUserLanguage(page.request, token, 'ja');
    }
    expect(errors).toEqual([]);
  });

  test('a viewer sees every screen read-only; a whole-company editor changes targets but not the master', async ({ page, browser }) => {
    await loggedInPage(page, 'viewer@demo.example');
    await page.goto('/emission/setting/reduction-goal');
    await settled(page);
    await expect(page.getByTestId('goal-save')).toBeDisabled();
    await expect(page.getByTestId('goal-row-1').getByTestId('goal-goalEmission')).toHaveAttribute('readonly', '');
    await page.goto('/emission/setting/offset');
    await settled(page);
    await expect(page.getByTestId('offset-add')).toBeDisabled();
    await page.goto('/emission/setting/region');
    await settled(page);
    await expect(page.getByTestId('region-change').first()).toBeDisabled();
    await page.goto('/emission/setting/group-flag');
    await settled(page);
    await expect(page.getByTestId('group-flag-add')).toBeDisabled();
    await page.goto('/emission/setting/intensity');
    await settled(page);
    await expect(page.getByTestId('intensity-add')).toBeDisabled();
    await page.goto('/emission/setting/management-intensity');
    await settled(page);
    await expect(page.getByTestId('value-add')).toBeDisabled();

    // The logistics editor is an editor of their whole company: targets.write, not company.configure.
    const context = await browser.newContext();
    const editor = await context.newPage();
    await loggedInPage(editor, 'logistics@demo.example');
    await editor.goto('/emission/setting/offset');
    await settled(editor);
    await expect(editor.getByTestId('offset-add')).toBeEnabled();
    await editor.goto('/emission/setting/reduction-goal');
    await settled(editor);
    await expect(editor.getByTestId('goal-row-1').getByTestId('goal-goalEmission')).not.toHaveAttribute('readonly', '');
    await editor.goto('/emission/setting/intensity');
    await settled(editor);
    await expect(editor.getByTestId('intensity-add')).toBeDisabled();
    await editor.goto('/emission/setting/group-flag');
    await settled(editor);
    await expect(editor.getByTestId('group-flag-add')).toBeDisabled();
    await context.close();
  });
});
