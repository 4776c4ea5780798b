/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { routeTable } from '../../web/src/core/router/routeTable';
import { axeViolations, expectAccessibleRouteShare } from './helpers';

/**
 * axe-core's WCAG 2.1 A/AA rules on every route of the app, logged in as the demo admin: the routes
 * the feature manifests declare (as routes.spec.ts visits them) are shared out by position between
 * zz-accessibility.spec.ts, zz-accessibility-2.spec.ts and zz-accessibility-3.spec.ts (route i goes to file
 * i mod 3 + 1), so the three files take about as long and the CI shards balance. Named zz- so each runs
 * last on its shard: after the route walk, a following test once waited over a minute for the
 * embedded server (under investigation), and nothing should run behind it. A failure lists
 * every violation of the file's routes: route, rule, element.
 */
test('every logged-in route of share 1 of 3 has no WCAG 2.1 A/AA violation', async ({ page }) => {
  test.setTimeout(180_000);
  await expectAccessibleRouteShare(page, 0, 3);
});

test('the logged-out pages have no WCAG 2.1 A/AA violation', async ({ page }) => {
  const routes = routeTable.filter((r) => r.access !== 'auth');
  expect(routes.map((r) => r.path)).toContain('/auth/login');
  const found: string[] = [];
  for (const route of routes) {
    await page.goto(route.path);
    await expect(page.getByTestId('page-title')).toBeVisible();
    found.push(...(await axeViolations(page)).map((v) => `${route.path}: ${v}`));
  }
  expect(found, `${found.length} violations:\n${found.join('\n')}`).toEqual([]);
});
