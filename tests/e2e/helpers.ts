/// <reference lib="dom" />
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-ledger';
export const ADMIN = 'admin@demo.example';
export type Lang = 'ja' | 'en' | 'zhHans';

const screenshotDir = resolve(import.meta.dirname, '../../test-results/screenshots');

// One token per user per worker: the server allows 20 logins a minute per address and email,
// and logout is client-side only, so a token stays good for the whole run.
const tokens = new Map<string, string>();

/** Logs in through the API (once per user and run). */
export async function apiLogin(request: APIRequestContext, email = ADMIN): Promise<string> {
  const cached = tokens.get(email);
  if (cached) return cached;
  const response = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const { token } = (await response.json()) as { token: string };
  tokens.set(email, token);
  return token;
}

export async function setUserLanguage(request: APIRequestContext, token: string, language: Lang) {
  const response = await request.put('/api/user', { data: { user: { language } }, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** A page already logged in: the token stored the way the app does (auth._token.local) before any script runs. */
export async function loggedInPage(page: Page, email = ADMIN): Promise<string> {
  const token = await apiLogin(page.request, email);
  await page.addInitScript((t) => {
    if (!window.localStorage.getItem('auth._token.local')) window.localStorage.setItem('auth._token.local', `Bearer ${t}`);
  }, token);
  return token;
}

export async function newLoggedInPage(browser: Browser, email = ADMIN) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const token = await loggedInPage(page, email);
  return { context, page, token };
}

/** Navigates inside the single-page app without reloading (history.pushState + popstate). */
export async function spaNavigate(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/** Waits until the page shows its title and no spinner is left. */
export async function settled(page: Page) {
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page.locator('.bp6-spinner')).toHaveCount(0);
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

export async function screenshot(page: Page, name: string, lang: Lang) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(screenshotDir, `${name}-${lang}.png`), fullPage: true, animations: 'disabled' });
}

/** Collects uncaught page errors; a test asserts it stays empty. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Fills and sends the login form. */
export async function loginThroughForm(page: Page, email = ADMIN, password = DEMO_PASSWORD) {
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * One language's messages, read from the catalogue fragments (Playwright's loader cannot import
 * JSON without import attributes, which the app's own imports do not use).
 */
export function messages(lang: Lang): Record<string, string> {
  const src = resolve(import.meta.dirname, '../../locales/src');
  const folders = ['core', ...readdirSync(join(src, 'features')).map((f) => join('features', f))];
  return Object.assign({}, ...folders.map((f) => JSON.parse(readFileSync(join(src, f, `${lang}.json`), 'utf8')) as Record<string, string>));
}
