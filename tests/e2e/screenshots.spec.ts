import { expect, test } from '@playwright/test';
import { routeTable } from '../../web/src/core/router/routeTable';
import { apiLogin, loggedInPage, screenshot, setUserLanguage, settled, type Lang } from './helpers';

/**
 * One screenshot of each main screen in each language, at the 1280×720 laptop size, saved as
 * test-results/screenshots/<name>-<lang>.png for review.
 */
const screens: { name: string; path: string }[] = [
  { name: 'dashboard', path: '/' },
  { name: 'fiscal-year', path: '/emission/setting/fiscal-year' },
  { name: 'currency', path: '/emission/setting/currency' },
  { name: 'audit-log', path: '/emission/setting/audit-log' },
  { name: 'settings', path: '/emission/setting' },
  { name: 'account', path: '/account' },
  { name: 'user-settings', path: '/account/setting/user' },
  { name: 'company-settings', path: '/account/setting/company' },
  // The "coming soon" page, on the first route still without a screen (the view pages are in screenshots-views.spec.ts).
  { name: 'coming-soon', path: routeTable.find((r) => r.access === 'auth' && !r.screen && !r.path.includes(':'))!.path },
];

const langs: Lang[] = ['ja', 'en', 'zhHans'];

test.describe('screenshots of the main screens', () => {
  test.afterAll(async ({ request }) => {
    await setUserLanguage(request, await apiLogin(request), 'ja');
  });

  for (const lang of langs) {
    test(`in ${lang}`, async ({ page, context }) => {
      test.setTimeout(120_000);
      await context.addCookies([{ name: 'i18n_redirected', value: lang, url: test.info().project.use.baseURL! }]);
      await page.goto('/auth/login');
      await expect(page.getByTestId('login-form')).toBeVisible();
      await screenshot(page, 'login', lang);

      const token = await loggedInPage(page);
      await setUserLanguage(page.request, token, lang);
      for (const { name, path } of screens) {
        await page.goto(path);
        await settled(page);
        await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zhHans' ? 'zh-Hans-CN' : lang === 'ja' ? 'ja-JP' : 'en');
        if (name === 'currency') {
          // The demo rates are for an earlier year: show every year so the table has rows.
          await page.getByTestId('currency-scope-all').click();
          await expect(page.getByTestId('currency-table')).toBeVisible();
        }
        await screenshot(page, name, lang);
      }

      await page.getByTestId('company-selector').click();
      await expect(page.getByTestId('company-menu')).toBeVisible();
      await screenshot(page, 'company-menu', lang);
      await page.keyboard.press('Escape');

      await page.goto('/emission/setting/currency');
      await settled(page);
      await page.getByTestId('currency-add').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByTestId('currency-save').click();
      await screenshot(page, 'currency-dialog-validation', lang);
      await page.keyboard.press('Escape');

      await page.goto('/no/such/page');
      await expect(page.getByTestId('error-page')).toBeVisible();
      await screenshot(page, 'not-found', lang);
    });
  }

  test('dark mode', async ({ page }) => {
    await setUserLanguage(page.request, await loggedInPage(page), 'ja');
    await page.goto('/emission/setting/currency');
    await settled(page);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('body')).toHaveClass(/bp6-dark/);
    await screenshot(page, 'currency-dark', 'ja');
    await page.goto('/');
    await settled(page);
    await screenshot(page, 'dashboard-dark', 'ja');
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
  });
});
