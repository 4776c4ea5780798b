import { expect, test } from '@playwright/test';
import { apiLogin, loggedInPage, setUserLanguage, settled } from './helpers';

test.describe('languages', () => {
  test.afterEach(async ({ request }) => {
    await setUserLanguage(request, await apiLogin(request), 'ja');
  });

  test('Japanese by default; switch to English, to Chinese and back', async ({ page, context }) => {
    await loggedInPage(page);
    await page.goto('/emission/setting/fiscal-year');
    await settled(page);
    await expect(page.getByTestId('page-title')).toHaveText('年度設定');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');

    const choose = async (lang: string) => {
      await page.getByTestId('language-selector').click();
      await page.getByTestId(`language-option-${lang}`).click();
    };

    await choose('en');
    await expect(page.getByTestId('page-title')).toHaveText('Fiscal year');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('side-nav')).toContainText('Settings');

    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
    const days = (cookie!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365.01);

    await choose('zhHans');
    await expect(page.getByTestId('page-title')).toHaveText('财年');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans-CN');

    // The choice is the user's: it survives a reload and comes back from the server.
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText('财年');

    await choose('ja');
    await expect(page.getByTestId('page-title')).toHaveText('年度設定');
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('ja');
  });

  test('the login page follows the language cookie', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: test.info().project.use.baseURL! }]);
    await page.goto('/auth/login');
    await expect(page.getByTestId('page-title')).toHaveText('Log in');
    await page.getByTestId('language-selector').click();
    await page.getByTestId('language-option-zhHans').click();
    await expect(page.getByTestId('page-title')).toHaveText('登录');
  });

  test('the user settings page saves the language for the user', async ({ page }) => {
    await loggedInPage(page);
    await page.goto('/account/setting/user');
    await settled(page);
    await expect(page.getByTestId('user-setting-save')).toBeDisabled();
    await page.getByTestId('user-language').selectOption('en');
    const put = page.waitForRequest((r) => r.url().endsWith('/api/user') && r.method() === 'PUT');
    await page.getByTestId('user-setting-save').click();
    expect((await put).postDataJSON()).toEqual({ user: { language: 'en' } });
    await expect(page.getByTestId('page-title')).toHaveText('User settings');
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText('User settings');
    // Back to Japanese, so the files after this one meet the admin as the demo tenant made them.
    await page.getByTestId('user-language').selectOption('ja');
    await page.getByTestId('user-setting-save').click();
    await expect(page.getByTestId('page-title')).toHaveText('ユーザー設定');
  });
});
