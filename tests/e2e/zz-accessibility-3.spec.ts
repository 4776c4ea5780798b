/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { expectAccessibleRouteShare, loggedInPage, settled } from './helpers';

/** The third share of the routes (see accessibility.spec.ts); then the charts' table alternatives. */
test('every logged-in route of share 3 of 3 has no WCAG 2.1 A/AA violation', async ({ page }) => {
  test.setTimeout(180_000);
  await expectAccessibleRouteShare(page, 2, 3);
});

test('every chart of the company view, the home page and the comparison is a named image with its figures as a table of that name', async ({ page }) => {
  await loggedInPage(page);
  // At least this many charts on each page (the comparison: its diverging bars).
  const pages = { '/emission/view/company': 3, '/': 2, '/emission/view/emission-comparison': 1 };
  for (const [path, least] of Object.entries(pages)) {
    await page.goto(path);
    await settled(page);
    // The charts' SVGs (Blueprint's icons are SVG images too, hidden from assistive technology).
    const charts = page.locator('svg.ghg-chart, svg.ghg-home-donut');
    await expect.poll(() => charts.count(), path).toBeGreaterThanOrEqual(least);
    for (const name of await charts.evaluateAll((svgs) => svgs.map((s) => s.getAttribute('aria-label') ?? ''))) {
      expect(name, path).not.toBe('');
      await expect(page.getByRole('table', { name, exact: true }), `${path}: ${name}`).toHaveCount(1);
    }
  }
});
