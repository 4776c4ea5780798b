/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, collectPageErrors, loggedInPage, settled } from './helpers';

test.describe('session', () => {
  test('the demo admin logs in and out', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.locator('#login-email').fill(ADMIN);
    await page.locator('#login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('default-layout')).toBeVisible();
    await settled(page);
    // The token is stored under its fixed key, auth._token.local, with its type.
    const stored = await page.evaluate(() => window.localStorage.getItem('auth._token.local'));
    expect(stored).toMatch(/^Bearer ey/);

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('auth._token.local'))).toBeNull();
    expect(errors).toEqual([]);
  });

  test('validates the form and shows the server refusal', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('必須項目です')).toHaveCount(2);
    await page.locator('#login-email').fill(ADMIN);
    await page.locator('#login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('server-error')).toContainText('メールアドレスまたはパスワードが正しくありません');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('the guard sends a visitor to the login page and back to the intended page', async ({ page }) => {
    await page.goto('/emission/setting/currency?view=all#rates');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/emission/setting/currency?view=all#rates');
    await page.locator('#login-email').fill(ADMIN);
    await page.locator('#login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/emission\/setting\/currency\?view=all#rates$/);
    await expect(page.getByTestId('page-title')).toHaveText('為替レート');
  });

  for (const unsafe of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '//evil']) {
    test(`an unsafe redirect ${JSON.stringify(unsafe)} ends on the home page`, async ({ page }) => {
      await page.goto(`/auth/login?redirect=${encodeURIComponent(unsafe)}`);
      await page.locator('#login-email').fill(ADMIN);
      await page.locator('#login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('default-layout')).toBeVisible();
      expect(page.url()).toBe(`${test.info().project.use.baseURL}/`);
    });
  }

  test('a logged-in user opening the login page goes home', async ({ page }) => {
    await loggedInPage(page);
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('default-layout')).toBeVisible();
  });

  test('a 401 answer logs the user out', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('auth._token.local', 'Bearer not-a-valid-token'));
    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Faccount$/);
    await expect(page.getByTestId('login-form')).toBeVisible();
  });
});
