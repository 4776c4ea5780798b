import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiLogin, collectPageErrors, loggedInPage, messages, newLoggedInPage, screenshot, settled } from './helpers';

const ja = messages('ja');
const DIESEL = 'jp-shk:fuel.diesel';

/** The value of the option of `select` whose text contains `text` (section names are indented by depth). */
async function optionValue(select: Locator, text: string): Promise<string> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  expect(value, text).toBeTruthy();
  return value!;
}

/**
 * Two sections of this test's own, so its setting is told apart from the demo's and from other
 * tests' settings on the shared server (and from a failed earlier attempt's).
 */
async function ownSections(request: APIRequestContext) {
  const token = await apiLogin(request);
  const suffix = Math.random().toString(36).slice(2, 8);
  const create = async (name: string) => {
    const response = await request.post('/api/company-section', { data: { section: { name } }, headers: { Authorization: `Bearer ${token}` } });
    expect(response.ok(), await response.text()).toBeTruthy();
    return { id: (await response.json()).companySection.id as string, name };
  };
  const sections = [await create(`E2E工場A-${suffix}`), await create(`E2E工場B-${suffix}`)] as const;
  const remove = async () => {
    for (const { id } of sections) await request.delete(`/api/company-section/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  };
  return { first: sections[0].name, second: sections[1].name, remove };
}

async function openList(page: Page) {
  await page.goto('/emission/setting/scope');
  await settled(page);
}

test.describe('scope settings', () => {
  test('an admin adds a scope-1 fuel setting with an SHK factor, edits and deletes it; a viewer only reads it', async ({ page, browser }) => {
    const errors = collectPageErrors(page);
    const own = await ownSections(page.request);
    await loggedInPage(page);
    await openList(page);
    await expect(page.getByTestId('scope-setting-tab-1')).toHaveAttribute('aria-selected', 'true');

    // Add: category (preset to the tab's) → formula → section → the formula's own fields.
    await page.getByTestId('scope-setting-add').click();
    const dialog = page.getByTestId('scope-setting-dialog');
    await expect(dialog.getByTestId('scope-setting-category')).toHaveValue('1');
    // Nothing chosen yet: formula and section are required.
    await dialog.getByTestId('scope-setting-save').click();
    await expect(dialog.locator('.bp6-form-group', { has: page.getByTestId('scope-setting-formula') })).toContainText(ja['validation.required']!);

    await dialog.getByTestId('scope-setting-formula').selectOption('s1.fuel');
    await expect(dialog.getByTestId('scope-setting-description')).toContainText('燃料使用量 × 排出原単位');
    // The fuel and the amount come from each line, not from the setting.
    await expect(dialog.getByTestId('scope-setting-from-line')).toContainText('燃料の種類');
    await expect(dialog.getByTestId('scope-setting-field-fuel')).toHaveCount(0);
    const section = dialog.getByTestId('scope-setting-section');
    await section.selectOption(await optionValue(section, own.first));
    await dialog.getByTestId('scope-setting-field-emissionIntensity-search').fill('軽油');
    const factor = dialog.getByTestId('scope-setting-field-emissionIntensity');
    await expect(factor.locator(`option[value="${DIESEL}"]`).first()).toContainText('jp-shk');
    await factor.selectOption(DIESEL);
    await screenshot(page, 'scope-setting-dialog', 'ja');
    await dialog.getByTestId('scope-setting-save').click();
    await expect(dialog).toHaveCount(0);

    // Found by its factor and this test's own section (the demo and other tests have diesel settings too).
    const row = page.getByTestId('scope-setting-row').filter({ hasText: DIESEL }).filter({ hasText: own.first });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('燃料使用量 × 排出係数');
    await expect(row.getByTestId('scope-setting-detail')).toContainText(DIESEL);
    await expect(row.getByTestId('scope-setting-updated')).not.toBeEmpty();
    await expect(page.getByTestId('scope-setting-last-updated')).toContainText('最終更新日時');
    await expect(page.getByTestId('scope-setting-tab-1')).toContainText('1');
    // Sortable and filterable.
    await page.getByTestId('sort-formula').click();
    await expect(page.locator('th[aria-sort="ascending"]')).toHaveCount(1);
    await page.getByTestId('scope-setting-filter').fill('存在しない設定');
    await expect(row).toHaveCount(0);
    await page.getByTestId('scope-setting-filter').fill(own.first);
    await expect(row).toHaveCount(1);
    await screenshot(page, 'scope-setting', 'ja');

    // The detail page: the formula's description and the values the setting holds.
    await row.getByTestId('scope-setting-open').click();
    await expect(page).toHaveURL(/\/emission\/setting\/scope\/detail\?id=/);
    await settled(page);
    await expect(page.getByTestId('scope-setting-detail')).toContainText('CO2排出量 = Σ 燃料使用量 × 排出原単位');
    await expect(page.getByTestId('scope-setting-value-emissionIntensity')).toContainText(DIESEL);
    await expect(page.getByTestId('scope-setting-value-emissionIntensity')).toContainText('軽油 CO2排出係数');
    const detailUrl = page.url();

    // Edit: another section.
    await page.getByTestId('scope-setting-detail-edit').click();
    await expect(dialog.getByTestId('scope-setting-formula')).toHaveValue('s1.fuel');
    await expect(dialog.getByTestId('scope-setting-field-emissionIntensity')).toHaveValue(DIESEL);
    await section.selectOption(await optionValue(section, own.second));
    await dialog.getByTestId('scope-setting-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('scope-setting-detail')).toContainText(own.second);

    // A viewer sees it, read-only.
    const viewer = await newLoggedInPage(browser, 'viewer@demo.example');
    await viewer.page.goto(detailUrl);
    await settled(viewer.page);
    await expect(viewer.page.getByTestId('scope-setting-detail')).toContainText(own.second);
    await expect(viewer.page.getByTestId('scope-setting-detail-edit')).toBeDisabled();
    await expect(viewer.page.getByTestId('scope-setting-detail-delete')).toBeDisabled();
    await openList(viewer.page);
    const seen = viewer.page.getByTestId('scope-setting-row').filter({ hasText: DIESEL }).filter({ hasText: own.second });
    await expect(seen).toHaveCount(1);
    await expect(viewer.page.getByTestId('scope-setting-add')).toBeDisabled();
    await expect(seen.getByTestId('scope-setting-edit')).toBeDisabled();
    await expect(seen.getByTestId('scope-setting-copy')).toBeDisabled();
    await expect(seen.getByTestId('scope-setting-delete')).toBeDisabled();
    await viewer.context.close();

    // Delete, after confirming.
    await openList(page);
    const edited = page.getByTestId('scope-setting-row').filter({ hasText: DIESEL }).filter({ hasText: own.second });
    await edited.getByTestId('scope-setting-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: ja['common.delete']! }).click();
    await expect(edited).toHaveCount(0);
    await own.remove();
    expect(errors).toEqual([]);
  });
});
