import { expect, test } from '@playwright/test';

/**
 * The API reference page (/api/docs, Swagger UI over /api/openapi.json) loads under the app's
 * Content-Security-Policy: no inline script, and no style the policy refuses.
 */
test('the API reference page shows every feature of the API, with nothing refused by the CSP', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`));
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/api/docs');
  await expect(page.locator('.info .title')).toContainText('GHG Ledger API');
  await expect(page.locator('.opblock-tag', { hasText: 'Currency rates' })).toBeVisible();
  await page.locator('.opblock-summary-path', { hasText: '/api/currency/{id}' }).click();
  await expect(page.locator('.opblock.is-open')).toContainText('company.configure');
  expect(await page.evaluate(() => (window as Window & { cspViolations?: string[] }).cspViolations)).toEqual([]);
  expect(errors).toEqual([]);
});
