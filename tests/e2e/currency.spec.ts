import { expect, test } from '@playwright/test';
import { loggedInPage, settled } from './helpers';

test.describe('currency rates', () => {
  test('add, edit and delete a rate, with validation and the server refusal', async ({ page }) => {
    await loggedInPage(page);
    await page.goto('/emission/setting/currency');
    await settled(page);

    // Validated before sending.
    await page.getByTestId('currency-add').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const year = await page.getByTestId('currency-year').inputValue();
    await page.getByTestId('currency-unit').fill('C1F');
    await page.getByTestId('currency-rate').fill('-5');
    await page.getByTestId('currency-save').click();
    await expect(dialog).toContainText('3文字の通貨コードを入力してください。');
    await expect(dialog).toContainText('0より大きい数値を入力してください。');

    // Added.
    await page.getByTestId('currency-unit').fill('chf');
    await page.getByTestId('currency-rate').fill('171.5');
    await page.getByTestId('currency-save').click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId(`currency-row-CHF-${year}`);
    await expect(row).toContainText('171.5');

    // A second CHF rate for the same year: the server says no (409) and the dialog shows why.
    await page.getByTestId('currency-add').click();
    await page.getByTestId('currency-unit').fill('CHF');
    await page.getByTestId('currency-rate').fill('170');
    await page.getByTestId('currency-save').click();
    await expect(page.getByTestId('server-error')).toContainText('この年度には、この通貨のレートがすでに登録されています。');
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await expect(dialog).toBeHidden();

    // Edited.
    await row.getByTestId('currency-edit').click();
    await page.getByTestId('currency-rate').fill('172.25');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('172.25');

    // Sorted by rate, both ways.
    await page.getByTestId('sort-rate').click();
    await expect(page.locator('th[aria-sort="ascending"]')).toHaveCount(1);
    await page.getByTestId('sort-rate').click();
    await expect(page.locator('th[aria-sort="descending"]')).toHaveCount(1);

    // Deleted after confirmation; cancelling first keeps it.
    await row.getByTestId('currency-delete').click();
    await expect(page.getByRole('alertdialog')).toContainText('CHF');
    await page.getByRole('alertdialog').getByRole('button', { name: 'キャンセル' }).click();
    await expect(row).toBeVisible();
    await row.getByTestId('currency-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: '削除' }).click();
    await expect(row).toHaveCount(0);
  });

  test('a viewer sees the rates but cannot change them', async ({ page }) => {
    await loggedInPage(page, 'viewer@demo.example');
    await page.goto('/emission/setting/currency');
    await settled(page);
    await expect(page.getByTestId('currency-add')).toBeDisabled();
  });
});
