import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, loggedInPage, screenshot, setUserLanguage, settled } from './helpers';

// Each run uses values of its own, so the spec passes on a data folder other specs have used.
const run = Date.now().toString().slice(-6);
const GOAL_YEAR = '2041';

/** The form group (label, input, helper text) around one input. */
const fieldGroup = (page: Page, testId: string) => page.locator('.bp6-form-group', { has: page.getByTestId(testId) });

test.describe('reduction goals', () => {
  test('edit and save a goal, see it after reload and in the audit log, delete one', async ({ page }) => {
    const errors = collectPageErrors(page);
    await loggedInPage(page);
    await page.goto('/emission/setting/reduction-goal');
    await settled(page);
    await page.getByTestId('goal-year').selectOption(GOAL_YEAR);

    // A year without goals shows the 17 blank defaults: scope 1, scope 2, scope 3 categories 1–15.
    const rows = page.locator('[data-testid^="goal-row-"]');
    await expect(rows).toHaveCount(17);
    await expect(page.getByTestId('goal-defaults')).toBeVisible();
    await expect(page.getByTestId('goal-row-1')).toContainText('スコープ1');
    await expect(page.getByTestId('goal-row-315')).toContainText('カテゴリ15');

    // A base year after the goal year is refused beside the field, before sending.
    const scope1 = page.getByTestId('goal-row-1');
    await scope1.getByTestId('goal-targetYear').fill('2045');
    await page.getByTestId('goal-save').click();
    await expect(scope1).toContainText('目標年度より前の年度を入力するか、空欄にしてください。');

    // The reduction % follows the goal emission.
    await scope1.getByTestId('goal-targetYear').fill('2013');
    await scope1.getByTestId('goal-targetEmission').fill('1,000');
    await scope1.getByTestId('goal-goalEmission').fill('540');
    await expect(scope1.getByTestId('goal-goalEmissionPercentage')).toHaveValue('46');
    await page.getByTestId('goal-save').click();
    await expect(page.getByTestId('goal-defaults')).toHaveCount(0);
    await expect(page.getByTestId('goal-save')).toBeDisabled();
    await expect(page.getByRole('img', { name: /基準年度排出量と目標排出量/ })).toBeVisible();
    await screenshot(page, 'reduction-goal', 'ja');

    // After a reload the stored goal is shown.
    await page.reload();
    await settled(page);
    await page.getByTestId('goal-year').selectOption(GOAL_YEAR);
    await expect(scope1.getByTestId('goal-goalEmission')).toHaveValue('540');
    await expect(scope1.getByTestId('goal-targetYear')).toHaveValue('2013');
    await expect(scope1.getByTestId('goal-goalEmissionPercentage')).toHaveValue('46');

    // Changed by a reduction %: the goal emission follows; the change is in the audit log.
    await scope1.getByTestId('goal-goalEmissionPercentage').fill('50');
    await expect(scope1.getByTestId('goal-goalEmission')).toHaveValue('500');
    await page.getByTestId('goal-save').click();
    await expect(page.getByTestId('goal-save')).toBeDisabled();

    await page.goto('/emission/setting/audit-log');
    await settled(page);
    const changed = page.locator('[data-testid="audit-row"][data-type="ReductionGoalChanged"]').first();
    await expect(changed).toContainText('デモ管理者');
    await expect(changed.getByTestId('audit-before').first()).toHaveText('540');
    await expect(changed.getByTestId('audit-after').first()).toHaveText('500');
    await expect(page.locator('[data-testid="audit-row"][data-type="ReductionGoalAdded"]').first()).toBeVisible();

    // Deleted after confirmation (cancel first keeps it).
    await page.goto('/emission/setting/reduction-goal');
    await settled(page);
    await page.getByTestId('goal-year').selectOption(GOAL_YEAR);
    const category1 = page.getByTestId('goal-row-31');
    await category1.getByTestId('goal-delete').click();
    await expect(page.getByRole('alertdialog')).toContainText('カテゴリ1');
    await page.getByRole('alertdialog').getByRole('button', { name: 'キャンセル' }).click();
    await expect(category1).toBeVisible();
    await category1.getByTestId('goal-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: '削除' }).click();
    await expect(category1).toHaveCount(0);
    await expect(rows).toHaveCount(16);
    expect(errors).toEqual([]);
  });

  test('a goal changed by someone else meanwhile: the save is refused (409) and their value is shown', async ({ page }) => {
    const token = await loggedInPage(page);
    const headers = { Authorization: `Bearer ${token}` };
    const year = '2042';
    await page.goto('/emission/setting/reduction-goal');
    await settled(page);
    await page.getByTestId('goal-year').selectOption(year);
    // Store the year's defaults first, so its goals have versions.
    await page.getByTestId('goal-save').click();
    await expect(page.getByTestId('goal-defaults')).toHaveCount(0);

    // While this page is being edited, another session changes scope 2 through the API. (Before
    // any typing, the live notice would simply have refreshed the table.)
    const row = page.getByTestId('goal-row-2');
    await row.getByTestId('goal-goalEmission').fill('66');
    const listed = await page.request.get(`/api/reduction-goal?goalYear=${year}`, { headers });
    const goals = ((await listed.json()) as { reductionGoals: { id: string; scopeCategory: string; version: number }[] }).reductionGoals;
    const scope2 = goals.find((g) => g.scopeCategory === '2')!;
    const other = await page.request.post('/api/reduction-goal', {
      headers,
      data: { reductionGoals: [{ id: scope2.id, expectedVersion: scope2.version, scopeCategory: '2', goalYear: Number(year), goalEmission: 77, targetYear: 0, targetEmission: 0 }] },
    });
    expect(other.ok(), await other.text()).toBeTruthy();

    // This page still holds the old version: its save is refused, nothing is overwritten.
    await page.getByTestId('goal-save').click();
    await expect(page.getByTestId('server-error')).toContainText('他のユーザーがこのデータを変更しました。');
    await expect(row.getByTestId('goal-goalEmission')).toHaveValue('77');
  });
});

test.describe('offsets and non-fossil certificates', () => {
  test('an offset: a missing field is named, a valid one is added, filtered and deleted with confirmation', async ({ page }) => {
    const errors = collectPageErrors(page);
    await loggedInPage(page);
    await page.goto('/emission/setting/offset');
    await settled(page);
    const from = `E2E-${run}-000100`;

    await page.getByTestId('offset-add').click();
    const dialog = page.getByTestId('offset-dialog');
    await page.getByTestId('offset-type').fill('J-クレジット');
    await page.getByTestId('offset-particularNumberFrom').fill(from);
    await page.getByTestId('offset-particularNumberTo').fill(`E2E-${run}-000199`);
    await page.getByTestId('offset-invalidOrRelocationQuantity').fill('12.5');
    await page.getByTestId('offset-invalidOrRelocationDate').fill('2025-03-31');
    await page.getByTestId('offset-save').click();
    // The missing use (認証種別) is named beside its label; nothing was sent.
    const authGroup = fieldGroup(page, 'offset-authType');
    await expect(authGroup).toContainText('認証種別');
    await expect(authGroup).toContainText('必須項目です');
    await expect(page.getByTestId('offset-authType')).toHaveAttribute('aria-invalid', 'true');

    await page.getByTestId('offset-authType').fill('無効化');
    await page.getByTestId('offset-save').click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId(`offset-row-${from}`);
    await expect(row).toContainText('J-クレジット');
    await expect(row).toContainText('12.5');

    // The same credits again: the server refuses (409) and says why.
    await page.getByTestId('offset-add').click();
    await page.getByTestId('offset-type').fill('J-クレジット');
    await page.getByTestId('offset-particularNumberFrom').fill(`E2E-${run}-000150`);
    await page.getByTestId('offset-particularNumberTo').fill(`E2E-${run}-000250`);
    await page.getByTestId('offset-invalidOrRelocationQuantity').fill('3');
    await page.getByTestId('offset-invalidOrRelocationDate').fill('2025-04-01');
    await page.getByTestId('offset-authType').fill('無効化');
    await page.getByTestId('offset-save').click();
    await expect(page.getByTestId('server-error')).toContainText('この識別番号のクレジットはすでに登録されています。');
    await expect(page.getByTestId('offset-particularNumberFrom')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(dialog).toBeHidden();

    // Filter and sort.
    await page.getByTestId('offset-filter').fill(`e2e-${run}`);
    await expect(page.locator('[data-testid^="offset-row-"]')).toHaveCount(1);
    await page.getByTestId('sort-invalidOrRelocationQuantity').click();
    await expect(page.locator('th[aria-sort="ascending"]')).toHaveCount(1);
    await screenshot(page, 'offset', 'ja');

    await row.getByTestId('offset-delete').click();
    await expect(page.getByRole('alertdialog')).toContainText(from);
    await page.getByRole('alertdialog').getByRole('button', { name: '削除' }).click();
    await expect(row).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a non-fossil certificate: register with tracking attributes, then delete', async ({ page }) => {
    const errors = collectPageErrors(page);
    const token = await loggedInPage(page);
    await setUserLanguage(page.request, token, 'en');
    try {
      await page.goto('/emission/setting/offset?tab=certificates');
      await settled(page);
      const kwh = `9${run}`;

      await page.getByTestId('certificate-add').click();
      const dialog = page.getByTestId('certificate-dialog');
      await page.getByTestId('certificate-certificateType').selectOption('non_fit_renewable');
      await page.getByTestId('certificate-quantityKwh').fill(kwh);
      await page.getByTestId('certificate-periodFrom').fill('2025-03-31');
      await page.getByTestId('certificate-periodTo').fill('2024-04-01');
      await page.getByTestId('certificate-save').click();
      await expect(fieldGroup(page, 'certificate-periodTo')).toContainText('The end must not be before the start.');

      await page.getByTestId('certificate-periodFrom').fill('2024-04-01');
      await page.getByTestId('certificate-periodTo').fill('2025-03-31');
      await page.getByTestId('certificate-fiscalYear').fill('2024');
      await page.getByTestId('certificate-tracking').check({ force: true });
      await page.getByTestId('certificate-powerSource').selectOption('solar');
      await page.getByTestId('certificate-generatorName').fill(`E2E Solar ${run}`);
      await page.getByTestId('certificate-generatorLocation').fill('Chiba');
      await screenshot(page, 'certificate-dialog', 'en');
      await page.getByTestId('certificate-save').click();
      await expect(dialog).toBeHidden();

      const row = page.getByTestId(`certificate-row-${kwh}`);
      await expect(row).toContainText('Non-FIT non-fossil certificate (renewable)');
      await expect(row).toContainText('Renewable');
      await expect(row).toContainText(`Solar · E2E Solar ${run} · Chiba`);
      await expect(row).toContainText('FY2024');
      await screenshot(page, 'certificates', 'en');

      await row.getByTestId('certificate-delete').click();
      await expect(page.getByRole('alertdialog')).toContainText('FY2024');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(row).toHaveCount(0);
    } finally {
      await setUserLanguage(page.request, token, 'ja');
    }
    expect(errors).toEqual([]);
  });
});
