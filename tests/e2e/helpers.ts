/// <reference lib="dom" />
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page, type Request } from '@playwright/test';
import { examplePath, routeTable } from '../../web/src/core/router/routeTable';
import { viewsFeature } from '../../web/src/features/views/manifest';

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

/**
 * A report page printed on an A4-wide sheet (794 px): no navigation, as-of bar or the page's
 * `buttons`, its `table` shown, nothing wider than the sheet; screenshot `<name>-print`. Then back
 * to the screen at the tests' viewport.
 */
export async function expectPrintView(page: Page, { buttons, table, name }: { buttons: string[]; table: string; name: string }) {
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('side-nav')).toBeHidden();
  for (const id of ['as-of-bar', ...buttons]) await expect(page.getByTestId(id)).toBeHidden();
  await expect(page.getByTestId(table)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the sheet').toBeLessThanOrEqual(794);
  await screenshot(page, `${name}-print`, 'ja');
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1280, height: 720 });
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

// axe-core's browser bundle, evaluated in the page (the app's CSP forbids an inline <script>, and
// page.evaluate is not subject to it).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The WCAG 2.1 A and AA violations axe-core finds on the page as it is now, one line per element:
 * "rule-id (impact): target — help". Empty when the page passes.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${JSON.stringify(n.target)} — ${v.help}`));
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Counts the page's requests in flight, so a test can wait for the data of a page opened by
 * spaNavigate (the load state of the first navigation says nothing about later ones).
 */
export function trackRequests(page: Page) {
  // The requests themselves, not a count: one that started before the tracking began (and ends
  // after) must not drive a count below zero, which never reads as idle again.
  const inFlight = new Set<Request>();
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return {
    idle: () =>
      expect
        .poll(() => [...inFlight].map((r) => `${r.method()} ${r.url()}`), { message: 'requests still in flight', intervals: [20, 50, 100] })
        .toEqual([]),
  };
}

/**
 * Opens a route inside the running app and waits until its own page is up (the page header names
 * the route pattern in data-route, so the previous page's title does not count), no spinner is
 * left and no request is in flight.
 */
export async function openRoute(page: Page, path: string, pattern: string, requests: ReturnType<typeof trackRequests>) {
  await spaNavigate(page, path);
  await expect(page.locator(`header[data-route="${pattern}"] [data-testid="page-title"]`), path).toBeVisible();
  await expect(page.locator('.bp6-spinner'), path).toHaveCount(0);
  await expect(page.getByTestId('navigation-progress'), path).toHaveCount(0);
  await requests.idle();
}

/**
 * axe-core on share `k` of `n` of the logged-in routes (route i of the route table is in share
 * i mod n; path parameters get example values), one after another in one running app logged in as
 * the demo admin: fails listing every violation found as "path: rule (impact): target — help".
 */
export async function expectAccessibleRouteShare(page: Page, k: number, n: number) {
  const errors = collectPageErrors(page);
  const requests = trackRequests(page);
  await loggedInPage(page);
  await page.goto('/');
  await settled(page);
  const routes = routeTable.filter((r) => r.access === 'auth');
  expect(routes.length).toBeGreaterThan(150);
  const found: string[] = [];
  for (const route of routes.filter((_, i) => i % n === k)) {
    const path = examplePath(route.path, { level: '2' });
    await openRoute(page, path, route.path, requests);
    found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
  }
  expect(found, `${found.length} violations:\n${found.join('\n')}`).toEqual([]);
  expect(errors).toEqual([]);
}

/** Like screenshot(), of the viewport only (faster than a full page, for the many view pages). */
export async function viewportScreenshot(page: Page, name: string, lang: Lang) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(screenshotDir, `${name}-${lang}.png`), animations: 'disabled' });
}

const htmlLang: Record<Lang, string> = { ja: 'ja-JP', en: 'en', zhHans: 'zh-Hans-CN' };

/**
 * Viewport screenshots of every view page in one language: each route of the views feature that
 * has a screen, at 1280×720, then the company and division pages at 1400×900, saved as
 * view-<path>-<lang>.png (view-company-1400-<lang>.png for the wide ones). The demo admin's
 * language is set back to Japanese afterwards, as the other tests expect.
 */
export async function screenshotViewPages(page: Page, lang: Lang) {
  const pages = viewsFeature.routes.filter((r) => r.screen).map((r) => ({ pattern: r.path, path: examplePath(r.path, { level: '2' }) }));
  const wide = ['/emission/view/company', '/emission/view/division'];
  expect(pages.length).toBeGreaterThan(50);
  for (const path of wide) expect(pages.map((p) => p.path)).toContain(path);
  const nameOf = (path: string) => `view${path.replace(/^\/emission\/view/, '').replace(/\//g, '-')}`;

  const token = await loggedInPage(page);
  // The division detail page shows one section: a section below the top one, not the empty state.
  const sections = await page.request.get('/api/company-section', { headers: { Authorization: `Bearer ${token}` } });
  const { companySections } = (await sections.json()) as { companySections: { id: string; parentSection: string | null }[] };
  const detail = pages.find((p) => p.pattern === '/emission/view/division/detail');
  const section = companySections.find((c) => c.parentSection !== null);
  if (detail && section) detail.path += `?sectionId=${encodeURIComponent(section.id)}`;
  await setUserLanguage(page.request, token, lang);
  try {
    await page.goto('/');
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLang[lang]);
    const requests = trackRequests(page);
    for (const { pattern, path } of pages) {
      await openRoute(page, path, pattern, requests);
      await viewportScreenshot(page, nameOf(pattern), lang);
    }
    await page.setViewportSize({ width: 1400, height: 900 });
    for (const path of wide) {
      await openRoute(page, path, path, requests);
      await viewportScreenshot(page, `${nameOf(path)}-1400`, lang);
    }
  } finally {
    await setUserLanguage(page.request, token, 'ja');
  }
}

/** Today on the company's calendar (Japan), YYYY-MM-DD. */
export const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** A call the test makes on the user's behalf; anything but a 2xx fails the test with the answer's text. */
export async function api(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  const response = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBeTruthy();
  return response.json();
}

/** The fiscal year the views open on: today's, by the company's start month. */
export async function currentFiscalYear(request: APIRequestContext, token: string): Promise<number> {
  const { fiscalYear: setting } = await api(request, token, 'GET', '/api/fiscal-year');
  const [year, month] = today().split('-').map(Number) as [number, number];
  return month < setting.startMonth ? year - 1 : year;
}
