import { expect, test } from '@playwright/test';
import { loggedInPage, loginThroughForm, settled } from './helpers';

test.describe('header selections', () => {
  test('switching company calls PUT /api/user and shows the other company', async ({ page }) => {
    await loggedInPage(page);
    await page.goto('/');
    await settled(page);
    const selector = page.getByTestId('company-selector');
    const first = (await selector.textContent())!.trim();

    await selector.click();
    const put = page.waitForRequest((r) => r.url().endsWith('/api/user') && r.method() === 'PUT');
    await page.getByTestId('company-menu').getByText('Demo Manufacturing USA Inc.').click();
    expect((await put).postDataJSON()).toEqual({ user: { selectedCompanyId: expect.any(String) } });
    await expect(selector).toContainText('Demo Manufacturing USA Inc.');
    await expect(page.getByTestId('home-company')).toContainText('Demo Manufacturing USA Inc.');
    await expect(page.getByTestId('home-company')).toContainText('米国');

    await selector.click();
    await page.getByTestId('company-menu').getByText(first).click();
    await expect(selector).toContainText(first);
  });

  test('the fiscal year and company section persist across sessions', async ({ page }) => {
    await loggedInPage(page);
    await page.goto('/emission/setting/fiscal-year');
    await settled(page);
    await page.getByTestId('fiscal-year-selector').selectOption('2024');
    await page.getByTestId('section-selector').click();
    await page.getByTestId('section-menu').getByText('第一工場').click();
    await expect(page.getByTestId('section-selector')).toContainText('第一工場');

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await loginThroughForm(page);
    await expect(page.getByTestId('default-layout')).toBeVisible();
    await expect(page.getByTestId('fiscal-year-selector')).toHaveValue('2024');
    await expect(page.getByTestId('section-selector')).toContainText('第一工場');
    await expect(page.getByTestId('home-fiscal-year')).toContainText('2024年度');
  });

  test('a section-scoped editor only sees their own sections', async ({ page }) => {
    await loggedInPage(page, 'editor@demo.example');
    await page.goto('/');
    await settled(page);
    await expect(page.getByTestId('section-selector')).toContainText('製造本部');
    await page.getByTestId('section-selector').click();
    await expect(page.getByTestId('section-menu')).toContainText('第二工場');
    await expect(page.getByTestId('section-menu')).not.toContainText('経理部');
  });
});
