/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { loggedInPage, settled } from './helpers';

test('the live indicator shows a dropped connection, which reconnects and refetches', async ({ page }) => {
  let attempts = 0;
  await page.routeWebSocket('**/api/live**', (ws) => {
    attempts += 1;
    if (attempts === 1) {
      ws.connectToServer();
      // Drop the first connection a moment after it opened.
      setTimeout(() => ws.close({ code: 1012, reason: 'restart' }), 1500);
    } else if (attempts === 2) ws.close({ code: 1011, reason: 'unavailable' });
    else ws.connectToServer();
  });
  await loggedInPage(page);
  await page.goto('/emission/setting/fiscal-year');
  await settled(page);

  const indicator = page.getByTestId('live-status');
  await expect(indicator).toHaveAttribute('data-state', 'disconnected');
  await expect(indicator).toContainText('リアルタイム更新が切断されています');

  const refetch = page.waitForRequest((r) => r.url().endsWith('/api/fiscal-year') && r.method() === 'GET', { timeout: 20_000 });
  await expect(indicator).toHaveAttribute('data-state', 'open', { timeout: 20_000 });
  await refetch;
  expect(attempts).toBeGreaterThanOrEqual(3);
});

test('a chunk that fails to load reloads the page once, then shows the error page', async ({ page }) => {
  await loggedInPage(page);
  await page.route(/\/assets\/FiscalYearPage-[^/]+\.js$/, (route) => route.abort());
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto('/emission/setting/fiscal-year');
  await expect(page.getByTestId('error-page')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('error-page')).toHaveAttribute('data-status', '500');
  await expect(page.getByTestId('error-message')).toContainText('アプリケーションの一部を読み込めませんでした');
  expect(loads).toBe(2);
  const reloadedAt = await page.evaluate(() => Number(window.sessionStorage.getItem('ghg.chunkReloadAt')));
  expect(Date.now() - reloadedAt).toBeLessThan(60_000);
});
