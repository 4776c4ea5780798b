/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { axeViolations, expectAccessibleRouteShare, loggedInPage, settled } from './helpers';

/** The second share of the routes (see accessibility.spec.ts); then the keyboard on a sortable header, a table row, the section tree and the dialogs. */
test('every logged-in route of share 2 of 3 has no WCAG 2.1 A/AA violation', async ({ page }) => {
  test.setTimeout(180_000);
  await expectAccessibleRouteShare(page, 1, 3);
});

test('the keyboard sorts a table, opens a row, walks the section tree, and stays inside a dialog until Escape', async ({ page }) => {
  await loggedInPage(page);
  /** Presses Tab `times` times: the focus never leaves the open overlay (Blueprint's focus trap, its guards included). */
  const tabStaysInOverlay = async (times: number) => {
    for (let i = 0; i < times; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('.bp6-overlay-open') != null), `Tab ${i + 1} left the overlay`).toBe(true);
    }
  };

  // A sortable header: reached with Tab from the control before the table, sorted with Enter, back with Space.
  await page.goto('/emission/setting/emission-factor');
  await settled(page);
  const table = page.getByTestId('factor-table');
  const setHeader = table.locator('th').filter({ has: page.getByTestId('sort-set') });
  const setsShown = () => table.locator('tbody tr td:first-child code').allInnerTexts();
  await expect(setHeader).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await setsShown();
  await page.getByTestId('factor-filter-origin').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('sort-set')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(setHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(setsShown).not.toEqual(ascending);
  const descending = await setsShown();
  // Non-increasing set ids (ASCII codes): the order the header announces.
  expect(descending).toEqual([...descending].sort().reverse());
  await page.keyboard.press('Space');
  await expect(setHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(setsShown).toEqual(ascending);

  // A factor's row opens its history with Enter; the drawer keeps the focus until Escape.
  await table.locator('tbody tr').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('factor-history')).toBeVisible();
  // An open drawer or dialog passes axe too (the route pages are checked closed).
  expect(await axeViolations(page)).toEqual([]);
  await tabStaysInOverlay(4);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('factor-history')).toBeHidden();

  // The section tree: one tab stop, arrows, Home and End move between rows.
  await page.goto('/emission/setting/company-section');
  await settled(page);
  const items = page.getByRole('treeitem');
  const count = await items.count();
  expect(count).toBeGreaterThan(2);
  await page.getByTestId('section-search').focus();
  await page.keyboard.press('Tab');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.nth(count - 1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();

  // Tab goes on to the row's buttons; Enter opens the dialog, which traps the focus and closes with Escape.
  await page.keyboard.press('Tab');
  const add = items.first().locator('button').first();
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await tabStaysInOverlay(8);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});
