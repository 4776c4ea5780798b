/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { newLoggedInPage, settled } from './helpers';

test('a change in one browser shows in another without reloading (live update)', async ({ browser }) => {
  const a = await newLoggedInPage(browser);
  const b = await newLoggedInPage(browser);
  try {
    for (const { page } of [a, b]) {
      await page.goto('/emission/setting/fiscal-year');
      await settled(page);
      await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
    }
    const current = Number(await b.page.getByTestId('fiscal-year-start-month').inputValue());
    const next = current === 10 ? 7 : 10;
    // B must not reload: a marker on its window would vanish with a reload.
    await b.page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));

    await a.page.getByTestId('fiscal-year-start-month').selectOption(String(next));
    await a.page.getByTestId('fiscal-year-save').click();
    await expect(a.page.getByTestId('fiscal-year-saved-month')).not.toHaveText('—');

    await expect(b.page.getByTestId('fiscal-year-start-month')).toHaveValue(String(next));
    const monthName = await a.page.getByTestId('fiscal-year-saved-month').textContent();
    await expect(b.page.getByTestId('fiscal-year-saved-month')).toHaveText(monthName!);
    expect(await b.page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);

    // The audit log records who changed what, with before and after.
    await b.page.goto('/emission/setting/audit-log');
    await settled(b.page);
    const row = b.page.getByTestId('audit-row').filter({ hasText: 'デモ管理者' }).first();
    await expect(row).toHaveAttribute('data-type', 'FiscalYearStartMonthSet');
    await expect(row.getByTestId('audit-after')).toHaveText(monthName!);

    // Put the setting back for the other tests.
    await a.page.getByTestId('fiscal-year-start-month').selectOption(String(current));
    await a.page.getByTestId('fiscal-year-save').click();
    await expect(a.page.getByTestId('fiscal-year-start-month')).toHaveValue(String(current));
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
