import { expect, test } from '@playwright/test';
import { examplePath, routeTable } from '../../web/src/core/router/routeTable';
import { collectPageErrors, loggedInPage, settled, spaNavigate } from './helpers';

/** Every route of the product renders its page (built screen or "coming soon") without an error. */
test('every route renders without an error', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  const consoleErrors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  await loggedInPage(page);
  await page.goto('/');
  await settled(page);

  const routes = routeTable.filter((r) => r.access === 'auth');
  expect(routes.length).toBeGreaterThan(150);
  for (const route of routes) {
    const path = examplePath(route.path, { id: 'case-1', level: '2' });
    await spaNavigate(page, path);
    await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
    const title = page.getByTestId('page-title');
    await expect(title, path).toBeVisible();
    await expect(title, path).not.toBeEmpty();
    await expect(page.getByTestId('error-page'), path).toHaveCount(0);
    if (!route.screen) await expect(page.getByTestId('coming-soon'), path).toBeVisible();
    if (route.path !== '/') await expect(page.getByTestId('breadcrumbs'), path).toBeVisible();
  }
  expect(errors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('the logged-out pages render', async ({ page }) => {
  const errors = collectPageErrors(page);
  for (const route of routeTable.filter((r) => r.access !== 'auth')) {
    await page.goto(route.path);
    await expect(page.getByTestId('page-title'), route.path).toBeVisible();
  }
  await page.goto('/auth/password-resetting');
  await expect(page.getByTestId('reset-no-token')).toBeVisible();
  expect(errors).toEqual([]);
});
