import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { loggedInPage, messages, screenshot, settled } from './helpers';

const ja = messages('ja');
const PATH = '/emission/setting/emission-factor';
const HEADER = 'key,label_ja,label_en,label_zhHans,value,unit,stage,valid_from,valid_to,source,licence_note,category';

const totalOf = async (page: Page) => Number((await page.getByTestId('factor-total').innerText()).replace(/[^\d]/g, ''));

async function upload(page: Page, setId: string, file: { name: string; mimeType: string; buffer: Buffer }, replace = false) {
  await page.getByTestId(`factor-set-${setId}`).getByTestId('factor-set-upload').click();
  await page.getByTestId('factor-file').setInputFiles(file);
  if (replace) await page.getByText(ja['factorLibrary.upload.replace']!).click();
  await page.getByTestId('factor-upload-send').click();
}

test.describe('emission-factor library', () => {
  test('search and filters narrow the table; a factor’s history lists its versions', async ({ page }) => {
    await loggedInPage(page);
    await page.goto(PATH);
    await settled(page);
    const all = await totalOf(page);
    expect(all).toBeGreaterThan(20);

    await page.getByTestId('factor-filter-set').selectOption('uk-desnz');
    await expect.poll(() => totalOf(page)).toBeLessThan(all);
    const sets = await page.locator('[data-testid^="factor-row-"] code').allInnerTexts();
    expect(sets.length).toBeGreaterThan(0);
    expect(new Set(sets)).toEqual(new Set(['uk-desnz']));

    await page.getByTestId('factor-filter-set').selectOption('');
    await page.getByTestId('factor-search').fill('都市ガス');
    await expect(page.getByTestId('factor-row-jp-shk:fuel.cityGas').first()).toBeVisible();
    await expect.poll(() => totalOf(page)).toBeLessThan(10);

    // Both publications of the SHK city-gas factor: the legacy one and the FY2024 revision.
    await page.getByTestId('factor-row-jp-shk:fuel.cityGas').first().click();
    const drawer = page.getByTestId('factor-history');
    await expect(drawer.getByTestId('factor-history-row')).toHaveCount(2);
    await expect(drawer).toContainText('legacy');
    await expect(drawer).toContainText('2024');
    await page.keyboard.press('Escape');

    await page.getByTestId('factor-search').fill('存在しない係数');
    await expect(page.getByText(ja['factorLibrary.noMatch']!)).toBeVisible();
  });

  test('a company set: good CSV imported, bad CSV refused whole with every row error, xlsx replaces it', async ({ page }) => {
    await loggedInPage(page);
    await page.goto(PATH);
    await settled(page);
    const setId = `e2e-supplier-${Date.now() % 100000}`;
    await page.getByTestId('factor-set-create').click();
    await page.getByTestId('factor-set-id').fill(setId);
    await page.getByTestId('factor-set-title').fill('E2E 取引先係数');
    await page.getByTestId('factor-set-save').click();
    const row = page.getByTestId(`factor-set-${setId}`);
    await expect(row).toBeVisible();

    // UTF-8 with a byte-order mark, as Japanese Excel writes it.
    const good = `\uFEFF${HEADER}\r\nsteel.coil,鋼材コイル,steel coil,钢卷,1.85,kg-CO2e/kg,,2025-04-01,2026-03-31,supplier sheet 2025,,31\r\ntruck.leg,トラック輸送,truck leg,卡车运输,0.092,kg-CO2e/tkm,WTW,,,,,34\r\n`;
    await upload(page, setId, { name: 'factors.csv', mimeType: 'text/csv', buffer: Buffer.from(good, 'utf8') });
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(row.locator('td').nth(2)).toHaveText('1');
    await expect(row.locator('td').nth(3)).toHaveText('2');

    // Two bad rows (3 and 4 as a spreadsheet counts, the header being 1): nothing is saved.
    const bad = `${HEADER}\nok.one,良い行,good,好,1,kg-CO2e/kg,,,,,,\nbad.value,負の値,negative,负值,-3,kg-CO2e/kg,,,,,,\nbad.unit,単位,unit,单位,2,bananas/kg,,,,,,\n`;
    await upload(page, setId, { name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad, 'utf8') });
    const errors = page.getByTestId('upload-errors');
    await expect(errors).toBeVisible();
    await expect(errors.getByTestId('upload-error-row')).toHaveCount(2);
    await expect(errors.getByTestId('upload-error-row').nth(0)).toContainText('3');
    await expect(errors.getByTestId('upload-error-row').nth(0)).toContainText('value');
    await expect(errors.getByTestId('upload-error-row').nth(0)).toContainText(ja['factorLibrary.upload.code.negative_value']!);
    await expect(errors.getByTestId('upload-error-row').nth(1)).toContainText('4');
    await expect(errors.getByTestId('upload-error-row').nth(1)).toContainText(ja['factorLibrary.upload.code.invalid_unit']!);
    await screenshot(page, 'factor-upload-errors', 'ja');
    await page.getByRole('dialog').getByRole('button', { name: ja['common.cancel']! }).click();
    await expect(row.locator('td').nth(2)).toHaveText('1');

    // An Excel workbook replacing the set: version 2 with one factor.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('factors');
    sheet.addRow(HEADER.split(','));
    sheet.addRow(['aluminium', 'アルミ', 'aluminium', '铝', 8.6, 'kg-CO2e/kg', null, null, null, 'supplier sheet', null, '31']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    await upload(page, setId, { name: 'factors.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx }, true);
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(row.locator('td').nth(2)).toHaveText('2');
    await expect(row.locator('td').nth(3)).toHaveText('1');

    // The library lists the company's factor with its value and unit.
    await page.getByTestId('factor-filter-origin').selectOption('company');
    await page.getByTestId('factor-search').fill('アルミ');
    await expect(page.getByTestId(`factor-row-${setId}:aluminium`)).toContainText('8.6 kg-CO2e/kg');
    await screenshot(page, 'factor-library', 'ja');
  });

  test('a viewer can search but not create or upload', async ({ page }) => {
    await loggedInPage(page, 'viewer@demo.example');
    await page.goto(PATH);
    await settled(page);
    await expect(page.getByTestId('factor-table')).toBeVisible();
    await expect(page.getByTestId('factor-set-create')).toBeDisabled();
  });
});
