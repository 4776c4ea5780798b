import { expect, test } from '@playwright/test';
import { loggedInPage } from './helpers';

test.describe('error page', () => {
  test('an unknown address shows 404 with a Homepage link', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: test.info().project.use.baseURL! }]);
    await page.goto('/this/page/does-not-exist');
    const errorPage = page.getByTestId('error-page');
    await expect(errorPage).toHaveAttribute('data-status', '404');
    await expect(errorPage).toContainText('404');
    await expect(page.getByTestId('error-message')).toHaveText('This page could not be found');
    await expect(page.getByTestId('noauth-layout')).toBeVisible();
    await page.getByTestId('error-home-link').click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('the 404 page in Japanese, logged in, leads home', async ({ page }) => {
    await loggedInPage(page);
    await page.goto('/emission/no-such-screen');
    await expect(page.getByTestId('error-message')).toHaveText('ページが見つかりません');
    await page.getByTestId('error-home-link').click();
    await expect(page.getByTestId('default-layout')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
