/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, collectPageErrors, loggedInPage, messages, settled } from './helpers';

/**
 * Linked data imported through the screens, as the demo admin, with the sample files of
 * docs/samples and the demo company's seeded import rules (app/src/seedDemoImportRules.ts): a file
 * with three bad rows refused whole, its fixed version imported and followed into the history, the
 * input page of its category and the aggregate; a rule changed and re-applied (before and after);
 * the import undone everywhere; a Shift_JIS file read with its Japanese intact; every other sample
 * imported; and records no rule classifies turned into a rule in one click.
 */

test.describe.configure({ mode: 'serial' });

const ja = messages('ja');
const SAMPLES = resolve(import.meta.dirname, '../../docs/samples');
/** The samples are dated April 2025 to March 2026: the demo company's fiscal year 2025 (April start). */
const FISCAL_YEAR = 2025;
/** The demo rule the test changes (and puts back): landfill → incineration with energy recovery, both DESNZ 2025. */
const WASTE_RULE = '廃棄物処理費(埋立)';
const INCINERATION = 'uk-desnz:waste.commercialIndustrial.incinerationEnergyRecovery';

type SourceType = 'standard' | 'warehouse' | 'exportImport' | 'legacyLogistics';
interface HistoryRow {
  importId: string;
  fileName: string;
  status: 'success' | 'undone';
  created: number;
  updated: number;
  unchanged: number;
  excluded: number;
  rows: number;
  co2eKg: number;
  reappliedAt: string | null;
}
interface ImportedRecord {
  dealId: string;
  importId: string;
  sourceKey: string;
  scopeCategory: string;
  co2eKg: number;
  record: Record<string, string | number | null>;
}
interface Rule {
  ruleId: string;
  name: string;
  priority: number;
  conditions: { field: string; value: string }[];
  action: 'record' | 'exclude';
  scopeCategory: string | null;
  formulaId: string | null;
  detail: Record<string, unknown>;
  sectionId: string | null;
  countFrom: string;
  version: number;
}

const history = async (request: APIRequestContext, token: string) => (await api(request, token, 'GET', '/api/import/history')).imports as HistoryRow[];
const imported = async (request: APIRequestContext, token: string, fileName: string) => {
  const row = (await history(request, token)).find((h) => h.fileName === fileName && h.status === 'success');
  expect(row, `${fileName} in the history`).toBeDefined();
  return row!;
};
const recordsOf = async (request: APIRequestContext, token: string, importId: string) =>
  (await api(request, token, 'GET', `/api/import/records?fiscalYear=${FISCAL_YEAR}&importId=${importId}&limit=1000`)).records as ImportedRecord[];
const aggregateKg = async (request: APIRequestContext, token: string) => ((await api(request, token, 'GET', `/api/emission-aggregate?fiscalYear=${FISCAL_YEAR}`)) as { total: { co2eKg: number } }).total.co2eKg;
const rules = async (request: APIRequestContext, token: string) => (await api(request, token, 'GET', '/api/import/rules')).rules as Rule[];

/** Undoes, through the API, every standing import of these files (a retried run starts clean: a file name is taken while its import stands). */
async function undoImports(request: APIRequestContext, token: string, fileNames: (name: string) => boolean) {
  for (const row of await history(request, token)) {
    if (row.status === 'success' && fileNames(row.fileName)) await api(request, token, 'POST', '/api/import/undo', { importId: row.importId });
  }
}

/** The linked-data page of the test's fiscal year. */
async function openRecords(page: Page, path = '/emission/record') {
  await page.goto(path);
  await settled(page);
  await page.getByTestId('fiscal-year-selector').selectOption(String(FISCAL_YEAR));
  await settled(page);
}

/** Opens the import flow on the linked-data page. */
async function openImport(page: Page) {
  await page.getByTestId('record-import').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toHaveAttribute('data-step', 'choose');
  return dialog;
}

/** Chooses the source system and the file, and has it checked (sent, read, previewed): the outcome or the refusal. */
async function checkFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }, sourceType: SourceType) {
  const dialog = page.getByTestId('import-dialog');
  await page.getByTestId('import-source-type').selectOption(sourceType);
  await page.getByTestId('import-file').setInputFiles(typeof file === 'string' ? resolve(SAMPLES, file) : file);
  await page.getByTestId('import-check').click();
  await expect(dialog).toHaveAttribute('data-step', /^(checked|refused)$/, { timeout: 30_000 });
  return dialog;
}

/** A clean preview imported: the dialog's counts as shown. */
async function importChecked(page: Page) {
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog.getByTestId('import-outcome')).toHaveAttribute('data-status', 'preview');
  await expect(page.getByTestId('import-confirm')).toBeEnabled();
  await page.getByTestId('import-confirm').click();
  await expect(dialog).toHaveAttribute('data-step', 'done', { timeout: 30_000 });
  await expect(dialog.getByTestId('import-success')).toContainText(ja['import.done.title']!);
  const count = async (key: string) => Number((await dialog.getByTestId(`import-${key}`).innerText()).replace(/[^\d.-]/g, ''));
  return { rows: await count('rows'), created: await count('created'), updated: await count('updated'), unchanged: await count('unchanged'), excluded: await count('excluded') };
}

test('a file with three bad rows is refused whole, naming rows 4, 7 and 10; nothing is written', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  // A retry on the same server starts clean: the sample files' imports (and the test's own) are withdrawn first.
  await undoImports(page.request, token, (name) => /^(standard|warehouse|exportImport|legacyLogistics)/.test(name) || name.startsWith('e2e-'));
  const kgBefore = await aggregateKg(page.request, token);
  await openRecords(page);
  await openImport(page);
  const dialog = await checkFile(page, 'standard-bad-rows.csv', 'standard');

  await expect(dialog.getByTestId('import-outcome')).toHaveAttribute('data-status', 'error');
  await expect(dialog.getByTestId('import-refused')).toContainText(ja['import.error.title']!);
  const list = dialog.getByTestId('import-errors');
  await expect(list).toContainText(ja['import.errors.heading']!);
  const rows = await list.getByTestId('import-error').evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-row'))));
  expect([...new Set(rows)].sort((a, b) => a - b)).toEqual([4, 7, 10]);
  // Each named with its field, in words: 31 April is no date; 24万 and −126,000 are no amounts.
  await expect(list.locator('[data-row="4"]')).toContainText('取引日');
  await expect(list.locator('[data-row="4"]')).toContainText('2025/4/31');
  await expect(list.locator('[data-row="7"]')).toContainText('取引金額');
  await expect(list.locator('[data-row="10"]')).toContainText('取引金額');
  await expect(page.getByTestId('import-confirm')).toBeDisabled();
  await page.getByTestId('import-close').click();

  expect((await history(page.request, token)).some((h) => h.fileName === 'standard-bad-rows.csv')).toBe(false);
  expect(await aggregateKg(page.request, token)).toBeCloseTo(kgBefore, 6);
  expect(errors).toEqual([]);
});

test('the fixed file imports: the history shows its counts, the input page of its category and the aggregate its lines', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const kgBefore = await aggregateKg(page.request, token);
  await openRecords(page);
  await openImport(page);
  const dialog = await checkFile(page, 'standard-fixed.csv', 'standard');

  // The preview: encoding, the column mapping, the first rows; nothing written yet.
  await expect(dialog.getByTestId('import-outcome')).toHaveAttribute('data-status', 'preview');
  await expect(dialog.getByTestId('import-meta')).toContainText('UTF-8');
  await expect(dialog.getByTestId('import-columns').locator('[data-field="transactionDate"]')).toContainText('取引日');
  await expect(dialog.getByTestId('import-sample-row').first()).toContainText('株式会社山田商事');
  expect(await aggregateKg(page.request, token)).toBeCloseTo(kgBefore, 6);

  const counts = await importChecked(page);
  expect(counts).toEqual({ rows: 12, created: 12, updated: 0, unchanged: 0, excluded: 0 });
  const row = await imported(page.request, token, 'standard-fixed.csv');
  expect(row).toMatchObject({ created: 12, updated: 0, status: 'success' });
  const kgAfter = await aggregateKg(page.request, token);
  expect(kgAfter).toBeCloseTo(kgBefore + row.co2eKg, 3);

  // The history: the file with its counts and emissions.
  await page.getByTestId('import-to-history').click();
  await settled(page);
  const historyRow = page.locator(`[data-testid="history-row"][data-id="${row.importId}"]`);
  await expect(historyRow.getByTestId('history-file')).toHaveText('standard-fixed.csv');
  await expect(historyRow.getByTestId('history-created')).toHaveText('12');
  await expect(historyRow.getByTestId('history-updated')).toHaveText('0');
  await expect(historyRow.getByTestId('history-status')).toContainText(ja['import.status.success']!);
  await expect(historyRow.getByTestId('history-co2e')).toHaveAttribute('data-kg', String(row.co2eKg));
  await expect(historyRow).toContainText(ja['import.sourceType.standard']!);

  // The records page lists the import's records.
  const records = await recordsOf(page.request, token, row.importId);
  expect(records).toHaveLength(12);
  await historyRow.getByTestId('history-records').click();
  await settled(page);
  await expect(page.getByTestId('record-row')).toHaveCount(12);

  // The input page of scope 1 shows the diesel line of 1 April (社用トラック燃料, 1,200 L).
  const diesel = records.find((r) => r.sourceKey === 'S25-0001|1')!;
  expect(diesel.scopeCategory).toBe('1');
  await openRecords(page, '/emission/input/1');
  await page.getByTestId('line-filter').fill('2025-04-01 軽油');
  await expect(page.locator(`[data-testid="line-row"][data-id="${diesel.dealId}"]`)).toBeVisible();

  // The aggregate of the year counts them.
  await openRecords(page, '/emission/aggregate');
  await expect(page.getByTestId('aggregate-total')).toHaveAttribute('data-kg', String(kgAfter));
  expect(errors).toEqual([]);
});

test('a rule changed through its dialog and re-applied to the import shows before and after, then restates it', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const original = (await rules(page.request, token)).find((r) => r.name === WASTE_RULE);
  expect(original, WASTE_RULE).toBeDefined();
  const row = await imported(page.request, token, 'standard-fixed.csv');

  try {
    // The rule, through the rules tab: landfill → incineration with energy recovery (the record says 焼却).
    await openRecords(page, '/emission/record?tab=rules');
    const ruleRow = page.locator(`[data-testid="rule-row"][data-id="${original!.ruleId}"]`);
    await ruleRow.getByTestId('rule-edit').click();
    const ruleDialog = page.getByTestId('rule-dialog');
    await expect(ruleDialog.getByTestId('rule-name')).toHaveValue(WASTE_RULE);
    await expect(ruleDialog.getByTestId('rule-condition-value-0')).toHaveValue('5410');
    await expect(ruleDialog.getByTestId('rule-category')).toHaveValue('35');
    await ruleDialog.getByTestId('rule-field-emissionIntensity-search').fill('焼却');
    const picker = ruleDialog.getByTestId('rule-field-emissionIntensity');
    await expect(picker.locator(`option[value="${INCINERATION}"]`)).toHaveCount(1);
    await picker.selectOption(INCINERATION);
    await ruleDialog.getByTestId('rule-save').click();
    await expect(ruleDialog).toHaveCount(0);
    await expect.poll(async () => (await rules(page.request, token)).find((r) => r.ruleId === original!.ruleId)?.detail.emissionIntensity).toBe(INCINERATION);

    // Re-applied to the import: a dry run first, before and after by category.
    const kgBefore = await aggregateKg(page.request, token);
    await openRecords(page, '/emission/record/import-history');
    const historyRow = page.locator(`[data-testid="history-row"][data-id="${row.importId}"]`);
    await historyRow.getByTestId('history-reapply').click();
    const dialog = page.getByTestId('reapply-dialog');
    await expect(dialog.getByTestId('reapply-summary')).toHaveAttribute('data-changed', '1');
    const kg = async (id: string) => Number(await dialog.getByTestId(id).getAttribute('data-kg'));
    const before = await kg('reapply-before');
    const after = await kg('reapply-after');
    const change = await kg('reapply-change');
    expect(before).toBeCloseTo(row.co2eKg, 3);
    expect(change).toBeLessThan(0);
    expect(after - before).toBeCloseTo(change, 3);
    const waste = dialog.locator('[data-testid="reapply-row"][data-category="35"]');
    await expect(waste).toBeVisible();
    await expect(dialog.locator('svg.ghg-chart rect').first()).toBeVisible();
    // Nothing is written by the dry run.
    expect(await aggregateKg(page.request, token)).toBeCloseTo(kgBefore, 6);

    await page.getByTestId('reapply-confirm').click();
    await expect(dialog).toHaveCount(0);
    await expect(historyRow.getByTestId('history-reapplied')).toBeVisible();
    expect(await aggregateKg(page.request, token)).toBeCloseTo(kgBefore + change, 3);
  } finally {
    // The demo rule as it was (other tests and the demo rely on it).
    const now = (await rules(page.request, token)).find((r) => r.ruleId === original!.ruleId);
    if (now && original && now.detail.emissionIntensity !== original.detail.emissionIntensity) {
      const { version: _version, ...rule } = original;
      await api(page.request, token, 'POST', '/api/import/rules', { ...rule, expectedVersion: now.version });
    }
  }
  expect(errors).toEqual([]);
});

test('undo withdraws the import everywhere: the history, the records, the input page and the aggregate', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const row = await imported(page.request, token, 'standard-fixed.csv');
  const records = await recordsOf(page.request, token, row.importId);
  const diesel = records.find((r) => r.sourceKey === 'S25-0001|1')!;
  const importedKg = records.reduce((sum, r) => sum + r.co2eKg, 0);
  const kgBefore = await aggregateKg(page.request, token);

  await openRecords(page, '/emission/record/import-history');
  const historyRow = page.locator(`[data-testid="history-row"][data-id="${row.importId}"]`);
  await historyRow.getByTestId('history-undo').click();
  await page.getByRole('button', { name: ja['import.history.undoConfirm']!, exact: true }).click();
  await expect(historyRow).toHaveAttribute('data-status', 'undone');
  await expect(historyRow.getByTestId('history-status')).toContainText(ja['import.status.undone']!);
  await expect(historyRow.getByTestId('history-undo')).toBeDisabled();

  expect(await recordsOf(page.request, token, row.importId)).toEqual([]);
  expect(await aggregateKg(page.request, token)).toBeCloseTo(kgBefore - importedKg, 3);

  await openRecords(page);
  await expect(page.locator(`[data-testid="record-row"][data-id="${diesel.dealId}"]`)).toHaveCount(0);
  await openRecords(page, '/emission/input/1');
  await page.getByTestId('line-filter').fill('2025-04-01 軽油');
  await expect(page.locator(`[data-testid="line-row"][data-id="${diesel.dealId}"]`)).toHaveCount(0);
  await openRecords(page, '/emission/aggregate');
  await expect(page.getByTestId('aggregate-total')).toHaveAttribute('data-kg', String(await aggregateKg(page.request, token)));
  expect(errors).toEqual([]);
});

test('a Shift_JIS file imports with its Japanese text intact in the records table', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  await openRecords(page);
  await openImport(page);
  const dialog = await checkFile(page, 'standard-shift_jis.csv', 'standard');
  await expect(dialog.getByTestId('import-meta')).toContainText('Shift_JIS');
  await expect(dialog.getByTestId('import-sample-row').first()).toContainText('社用トラック燃料');
  expect((await importChecked(page)).created).toBe(12);
  await page.getByTestId('import-close').click();

  const row = await imported(page.request, token, 'standard-shift_jis.csv');
  await page.getByTestId('record-import-filter').selectOption(row.importId);
  const diesel = page.locator('[data-testid="record-row"][data-source-key="S25-0001|1"]');
  await expect(diesel.getByTestId('record-supplier')).toHaveText('株式会社山田商事');
  await expect(diesel.getByTestId('record-item')).toContainText('社用トラック燃料');
  await expect(page.locator('[data-testid="record-row"][data-source-key="S25-0011|1"]').getByTestId('record-supplier')).toHaveText('東京都水道局');
  await api(page.request, token, 'POST', '/api/import/undo', { importId: row.importId });
  expect(errors).toEqual([]);
});

test('the import history follows an import made elsewhere, and its undo, without a reload', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  await openRecords(page, '/emission/record/import-history');
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));

  // Another client imports a file through the API (the raw file as the body).
  const response = await page.request.post('/api/import?sourceType=standard&fileName=standard.csv', {
    data: readFileSync(resolve(SAMPLES, 'standard.csv')),
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  const { importId } = (await response.json()) as { importId: string };
  const row = page.locator(`[data-testid="history-row"][data-id="${importId}"]`);
  await expect(row).toHaveAttribute('data-status', 'success');
  await api(page.request, token, 'POST', '/api/import/undo', { importId });
  await expect(row).toHaveAttribute('data-status', 'undone');
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  expect(errors).toEqual([]);
});

test('every other sample file imports through the screen, CSV and XLSX of each source system', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const samples: [string, SourceType][] = [
    ['standard.csv', 'standard'],
    ['standard-utf8.csv', 'standard'],
    ['standard.xlsx', 'standard'],
    ['warehouse.csv', 'warehouse'],
    ['warehouse.xlsx', 'warehouse'],
    ['exportImport.csv', 'exportImport'],
    ['exportImport.xlsx', 'exportImport'],
    ['legacyLogistics.csv', 'legacyLogistics'],
    ['legacyLogistics.xlsx', 'legacyLogistics'],
  ];
  await openRecords(page);
  await openImport(page);
  for (const [file, sourceType] of samples) {
    await test.step(file, async () => {
      const dialog = await checkFile(page, file, sourceType);
      await expect(dialog.getByTestId('import-outcome'), file).toHaveAttribute('data-status', 'preview');
      if (file.endsWith('.xlsx')) await expect(dialog.getByTestId('import-meta')).toContainText('Excel');
      const counts = await importChecked(page);
      expect(counts.created + counts.updated + counts.unchanged + counts.excluded, file).toBe(counts.rows);
      expect(counts.created + counts.excluded, file).toBeGreaterThan(0);
      const row = await imported(page.request, token, file);
      expect(row, file).toMatchObject({ created: counts.created, updated: counts.updated, excluded: counts.excluded });
      // Withdrawn again, so the next file of the same records creates its lines anew.
      await api(page.request, token, 'POST', '/api/import/undo', { importId: row.importId });
      await page.getByTestId('import-another').click();
      await expect(dialog).toHaveAttribute('data-step', 'choose');
    });
  }
  expect(errors).toEqual([]);
});

test('records no rule classifies become a rule in one click; checked again, the file imports', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const suffix = Date.now().toString(36);
  const fileName = `e2e-unmatched-${suffix}.csv`;
  const header = '取引日,伝票番号,行番号,内容,取引先名,取引金額,通貨,社内部署,勘定科目コード';
  const csv = `${header}\r\n2025/6/1,E2E-${suffix},1,E2E寄付,日本赤十字社,50000,JPY,経理部,9876\r\n`;
  await openRecords(page);
  await openImport(page);
  const dialog = await checkFile(page, { name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') }, 'standard');

  await expect(dialog.getByTestId('import-outcome')).toHaveAttribute('data-status', 'error');
  const group = dialog.getByTestId('import-unmatched-group');
  await expect(group).toHaveCount(1);
  await expect(group).toContainText('9876');
  await expect(page.getByTestId('import-confirm')).toBeDisabled();
  await group.getByTestId('import-create-rule').click();

  // The rule dialog starts from the group's conditions; an exclusion needs nothing else.
  const ruleDialog = page.getByTestId('rule-dialog');
  await expect(ruleDialog.getByTestId('rule-condition-field-0')).toHaveValue('accountCode');
  await expect(ruleDialog.getByTestId('rule-condition-value-0')).toHaveValue('9876');
  await ruleDialog.getByTestId('rule-name').fill(`E2E寄付-${suffix}`);
  await ruleDialog.getByTestId('rule-action-exclude').check({ force: true });
  await ruleDialog.getByTestId('rule-save').click();
  await expect(ruleDialog).toHaveCount(0);
  await expect(dialog.getByTestId('import-rules-changed')).toBeVisible();

  await page.getByTestId('import-check-again').click();
  await expect(dialog.getByTestId('import-outcome')).toHaveAttribute('data-status', 'preview');
  expect(await importChecked(page)).toEqual({ rows: 1, created: 0, updated: 0, unchanged: 0, excluded: 1 });
  await page.getByTestId('import-close').click();

  // Cleaned up: the import undone, the rule deleted through the rules tab.
  const row = (await history(page.request, token)).find((h) => h.fileName === fileName)!;
  await api(page.request, token, 'POST', '/api/import/undo', { importId: row.importId });
  const rule = (await rules(page.request, token)).find((r) => r.name === `E2E寄付-${suffix}`)!;
  expect(rule).toMatchObject({ action: 'exclude', conditions: [{ field: 'accountCode', value: '9876' }] });
  await openRecords(page, '/emission/record?tab=rules');
  await page.locator(`[data-testid="rule-row"][data-id="${rule.ruleId}"]`).getByTestId('rule-delete').click();
  await page.getByRole('button', { name: ja['common.delete']!, exact: true }).click();
  await expect(page.locator(`[data-testid="rule-row"][data-id="${rule.ruleId}"]`)).toHaveCount(0);
  expect(errors).toEqual([]);
});
