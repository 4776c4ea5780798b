/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { api, axeViolations, collectPageErrors, loggedInPage, settled } from './helpers';

interface Section {
  id: string;
  name: string;
  displayName: string;
  parentSection: string | null;
}

/**
 * Issue 16 §1: a view as of a past moment shows the organisation of then, not only its figures —
 * a section renamed since shows its old name, one created since is not there — and back at now the
 * renamed section and the new one are listed.
 */
test('the division view as of a moment lists the sections as they were then', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const sections = ((await api(request, token, 'GET', '/api/company-section')) as { companySections: Section[] }).companySections;
  const plant = sections.find((s) => s.name === '第一工場')!;
  const before = ((await api(request, token, 'GET', '/api/as-of/moments?limit=3')) as { reflected: string }).reflected;

  const renamed = `第一工場-${Date.now().toString(36)}`;
  await api(request, token, 'POST', '/api/company-section', { section: { id: plant.id, name: renamed, parentSection: plant.parentSection } });
  const { companySection: created } = (await api(request, token, 'POST', '/api/company-section', { section: { name: `新設部門-${Date.now().toString(36)}`, parentSection: plant.parentSection } })) as { companySection: Section };
  try {
    await page.goto(`/emission/view/division?asOf=${before}`);
    await settled(page);
    await expect(page.getByTestId('as-of-tag')).toContainText(before);
    await expect(page.getByTestId('division-row-第一工場')).toBeVisible();
    await expect(page.getByTestId(`division-row-${renamed}`)).toHaveCount(0);
    await expect(page.getByTestId(`division-row-${created.name}`)).toHaveCount(0);
    // The page says what "as of" covers: the organisation of then too.
    await expect(page.getByTestId('as-of-bar')).toContainText('部門');
    expect(await axeViolations(page)).toEqual([]);
    // The section's own page as of then carries its old name.
    await page.getByTestId('division-link-第一工場').click();
    await expect(page).toHaveURL(/asOf=/);
    await expect(page.locator('main')).toContainText('第一工場');
    await expect(page.getByText(renamed)).toHaveCount(0);

    await page.goto('/emission/view/division');
    await settled(page);
    await expect(page.getByTestId(`division-row-${renamed}`)).toBeVisible();
    await expect(page.getByTestId(`division-row-${created.name}`)).toBeVisible();
    await expect(page.getByTestId('division-row-第一工場')).toHaveCount(0);
  } finally {
    await api(request, token, 'POST', '/api/company-section', { section: { id: plant.id, name: plant.name, parentSection: plant.parentSection } });
    await api(request, token, 'DELETE', `/api/company-section/${created.id}`, {});
  }
  expect(errors).toEqual([]);
});
