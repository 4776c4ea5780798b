/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { api, axeViolations, collectPageErrors, loggedInPage, messages, newLoggedInPage, screenshot, setUserLanguage, settled, today, type Lang } from './helpers';

const ja = messages('ja');

interface FiledReport {
  reportId: string;
  position: string;
  sha256: string;
  note: string;
}
interface Detail {
  report: FiledReport;
  asFiled: { sha256: string; reproduced: boolean };
  categories: { scopeCategory: string; basis: string | null; filedKg: string; nowKg: string; differenceKg: string }[];
  lines: { dealId: string; scopeCategory: string; differenceKg: string; events: { type: string }[] }[];
  causes: { cause: string; lines: number; differenceKg: string }[];
}

interface LateLine {
  dealId: string;
  scopeSettingId: string;
  co2eKg: number;
}

/** A late line of the fiscal year through the API: 1,000 kWh of purchased electricity on 第一工場, on a new location-based setting at 0.5 kg-CO2e/kWh. */
async function recordLateElectricity(page: Page, token: string, fiscalYear: number, dealId: string): Promise<LateLine> {
  const basis = (await api(page.request, token, 'GET', `/api/calculation-basis?fiscalYear=${fiscalYear}`)).calculationBasis;
  if (basis.isDefault) await api(page.request, token, 'POST', '/api/calculation-basis', { fiscalYear });
  const { companySections } = (await api(page.request, token, 'GET', '/api/company-section')) as { companySections: { id: string; name: string }[] };
  const plant = companySections.find((s) => s.name === '第一工場')!;
  const { scopeSettings } = await api(page.request, token, 'POST', '/api/create-scope-settings', {
    scopeSettings: [{ scopeCategory: '2', formulaId: 's2.location', section: plant.id, detail: { emissionIntensity: { value: 0.5, unit: 'kg-CO2e/kWh' } } }],
  });
  const { line } = (await api(page.request, token, 'POST', '/api/user-input-emission', {
    deal: { id: dealId, count: 1000, countUnit: 'kWh', occurrenceDate: today() },
    scopeSetting: { id: scopeSettings[0].id },
  })) as { line: LateLine };
  return line;
}

/** Other files check the year's totals: the line and its setting go again (filed reports stay, as filed reports do). */
async function removeLine(page: Page, token: string, line: LateLine) {
  await api(page.request, token, 'DELETE', '/api/user-input-emission/', { deal: { id: line.dealId }, scopeSetting: { id: line.scopeSettingId } });
  await api(page.request, token, 'DELETE', `/api/scope-setting/${line.scopeSettingId}`, {});
}

/** The report pages in one language, as screenshots (report-list-<lang>.png, report-detail-<lang>.png). */
async function screenshotReports(page: Page, token: string, detailPath: string, lang: Lang) {
  await setUserLanguage(page.request, token, lang);
  await page.goto('/emission/report');
  await settled(page);
  await expect(page.getByTestId('report-row').first()).toBeVisible();
  await screenshot(page, 'report-list', lang);
  await page.goto(detailPath);
  await settled(page);
  await expect(page.getByTestId('report-hash')).toBeVisible();
  await screenshot(page, 'report-detail', lang);
}

test('an admin files the draft with a note, a line recorded afterwards shows as the difference of its category with its event, and the filed report still re-renders to its hash', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const stamp = Date.now().toString(36);
  const note = `e2e report ${stamp}`;

  // The header's fiscal year (today's): the demo has lines in it.
  await page.goto('/emission/report');
  await settled(page);
  const fiscalYear = Number(await page.getByTestId('fiscal-year-selector').inputValue());
  const draft = (await api(page.request, token, 'GET', `/api/reports/draft?fiscalYear=${fiscalYear}`)) as { content: { lines: number; position: string; scope1Kg: string }; sha256: string };
  expect(draft.content.lines).toBeGreaterThan(0);
  await expect(page.getByTestId('report-draft-lines')).toHaveText(draft.content.lines.toLocaleString('ja-JP'));
  await expect(page.getByTestId('report-draft-sha256')).toHaveText(draft.sha256.slice(0, 12));
  await expect(page.getByTestId('report-draft-scope1Kg')).toHaveAttribute('data-kg', String(Number(draft.content.scope1Kg)));

  // File it, with a note: a toast, and the list shows it first.
  await page.getByTestId('report-file').click();
  const dialog = page.getByTestId('report-file-dialog');
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByTestId('report-note').fill(note);
  await dialog.getByTestId('report-file-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.bp6-toast')).toContainText(ja['reports.file.done']!.replace('{year}', String(fiscalYear)).replace('{regime}', ja['reports.regime.ghgProtocol']!));
  const row = page.getByTestId('report-row').filter({ hasText: note });
  await expect(row).toHaveCount(1);
  const reportId = (await row.getAttribute('data-report-id'))!;
  const { reports } = (await api(page.request, token, 'GET', `/api/reports?fiscalYear=${fiscalYear}`)) as { reports: FiledReport[] };
  const filed = reports.find((r) => r.reportId === reportId)!;
  expect(filed.note).toBe(note);
  expect(filed.sha256).toBe(draft.sha256);
  await expect(row).toContainText(filed.sha256.slice(0, 12));
  expect(await axeViolations(page)).toEqual([]);

  // A viewer sees the reports but may not file one.
  const viewer = await newLoggedInPage(browser, 'viewer@demo.example');
  try {
    await viewer.page.goto('/emission/report');
    await settled(viewer.page);
    await expect(viewer.page.getByTestId('report-row').filter({ hasText: note })).toHaveCount(1);
    await expect(viewer.page.getByTestId('report-file')).toBeDisabled();
  } finally {
    await viewer.context.close();
  }

  // After filing: a scope-2 line on 第一工場 in the same fiscal year, through the API.
  const dealId = `e2e-report-${stamp}`;
  const line = await recordLateElectricity(page, token, fiscalYear, dealId);
  expect(line.co2eKg).toBeGreaterThan(0);

  try {
    // The API's own account of the difference, once the line is in the read model.
    const detailOf = async () => (await api(page.request, token, 'GET', `/api/reports/${encodeURIComponent(reportId)}`)) as Detail;
    await expect.poll(async () => (await detailOf()).lines.some((l) => l.dealId === dealId), { timeout: 10_000 }).toBe(true);
    const detail = await detailOf();
    expect(detail.asFiled.reproduced).toBe(true);
    const scope2 = detail.categories.find((c) => c.scopeCategory === '2' && c.basis === 'location')!;
    expect(Number(scope2.differenceKg)).toBeCloseTo(line.co2eKg, 6);
    const changed = detail.lines.find((l) => l.dealId === dealId)!;
    expect(Number(changed.differenceKg)).toBeCloseTo(line.co2eKg, 6);

    // The detail page: the hash re-rendered and matching, the category's difference, the line with its event.
    const detailPath = `/emission/report/detail?id=${encodeURIComponent(reportId)}`;
    await row.getByTestId('report-row-detail').click();
    await expect(page).toHaveURL(detailPath);
    await settled(page);
    const hash = page.getByTestId('report-hash');
    await expect(hash).toHaveAttribute('data-reproduced', 'true');
    // The report as filed, as a workbook.
    const [workbook] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-xlsx').click()]);
    expect(workbook.suggestedFilename()).toMatch(/^ghg-inventory-FY\d{4}-[0-9a-f]{8}\.xlsx$/);
    await expect(hash).toContainText(ja['reports.hash.reproduced']!);
    await expect(hash).toContainText(filed.sha256);
    await expect(page.getByTestId('report-note-shown')).toHaveText(note);
    const category = page.getByTestId('report-category-2-location');
    await expect(category).toHaveAttribute('data-difference-kg', scope2.differenceKg);
    // Shown in t-CO2e by default, with its sign.
    await expect(category.locator('td').last()).toHaveText(`+${(Number(scope2.differenceKg) / 1000).toLocaleString('ja-JP', { maximumFractionDigits: 3 })}`);
    const lineRow = page.locator(`[data-testid="report-line"][data-deal-id="${dealId}"]`);
    await expect(lineRow).toHaveAttribute('data-difference-kg', changed.differenceKg);
    const event = lineRow.locator('[data-testid="report-line-event"][data-type="ActivityLineRecorded"]');
    await expect(event).toHaveCount(1);
    await expect(event).toContainText(ja['audit.event.ActivityLineRecorded']!);
    await expect(event.locator('a')).toHaveAttribute('href', `/emission/setting/audit-log?entityId=${encodeURIComponent(dealId)}`);
    // By cause: the one late entry, the kg of its line; the event says so too.
    expect(detail.causes).toEqual([{ cause: 'lateEntry', lines: 1, differenceKg: changed.differenceKg }]);
    const cause = page.getByTestId('report-cause');
    await expect(cause).toHaveCount(1);
    await expect(cause).toHaveAttribute('data-cause', 'lateEntry');
    await expect(cause).toHaveAttribute('data-difference-kg', changed.differenceKg);
    await expect(event).toHaveAttribute('data-cause', 'lateEntry');
    // The supplement, read at the filed position, says it is outside the hash.
    await expect(page.getByTestId('report-supplement')).toHaveAttribute('data-position', filed.position);
    await expect(page.getByTestId('report-supplement-outside-hash')).toContainText(filed.position);
    // The chart's figures are also a table of its name.
    const chartName = (await page.locator('[data-testid="report-chart"] svg.ghg-chart').getAttribute('aria-label'))!;
    await expect(page.getByRole('table', { name: chartName, exact: true })).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    // Printed: the report without the shell's navigation and header, or the page's buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('side-nav')).toBeHidden();
    await expect(page.getByTestId('report-print')).toBeHidden();
    await expect(page.getByTestId('report-categories')).toBeVisible();
    await expect(page.getByTestId('report-causes')).toBeVisible();
    await expect(page.getByTestId('report-supplement')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByTestId('side-nav')).toBeVisible();

    // The draft as of the filed position is the filed report, hash and all; shared by its address.
    await page.goto(`/emission/report?asOf=${filed.position}`);
    await settled(page);
    await expect(page.getByTestId('report-as-of-tag')).toBeVisible();
    await expect(page.getByTestId('report-draft-sha256')).toHaveText(filed.sha256.slice(0, 12));
    await expect(page.getByTestId('report-file')).toBeDisabled();
    await page.getByTestId('report-as-of-clear').click();
    await expect(page).toHaveURL(/\/emission\/report$/);
    await expect(page.getByTestId('report-draft-sha256')).not.toHaveText(filed.sha256.slice(0, 12));

    for (const lang of ['ja', 'en', 'zhHans'] as const) await screenshotReports(page, token, detailPath, lang);
  } finally {
    await setUserLanguage(page.request, token, 'ja');
    await removeLine(page, token, line);
  }
  expect(errors).toEqual([]);
});

interface Headline {
  lines: number;
  figures: { figure: string; unit: string; value: string }[];
}
interface FigureDifference {
  figure: string;
  filed: string;
  now: string;
  difference: string;
}

test('an admin files the SHK report from its page: the list shows it under its regime with its figures, and its detail re-renders it to its hash and shows a late line as the difference', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const note = `e2e SHK ${Date.now().toString(36)}`;

  // A viewer sees the SHK report but no filing.
  const viewer = await newLoggedInPage(browser, 'viewer@demo.example');
  try {
    await viewer.page.goto('/emission/report/shk');
    await settled(viewer.page);
    await expect(viewer.page.getByTestId('shk-facts')).toBeVisible();
    await expect(viewer.page.getByTestId('report-file-link')).toHaveCount(0);
  } finally {
    await viewer.context.close();
  }

  // The SHK page of the header's fiscal year: "File this report" leads to the list with the SHK draft and its filing dialog.
  await page.goto('/emission/report/shk');
  await settled(page);
  const fiscalYear = Number(await page.getByTestId('fiscal-year-selector').inputValue());
  const shk = (await api(page.request, token, 'GET', `/api/reports/shk?fiscalYear=${fiscalYear}`)) as { content: { position: string; basic: { kg: string }; adjusted: { kg: string } }; sha256: string };
  await page.getByTestId('report-file-link').click();
  await expect(page).toHaveURL(/\/emission\/report\?regime=shk$/);
  const dialog = page.getByTestId('report-file-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('report-draft')).toHaveAttribute('data-regime', 'shk');
  // The draft is the SHK page's report: the same position and hash, its 基礎 and 調整後排出量 shown before filing.
  const draft = (await api(page.request, token, 'GET', `/api/reports/draft?fiscalYear=${fiscalYear}&regime=shk`)) as { content: { position: string }; sha256: string; headline: Headline };
  expect([draft.content.position, draft.sha256]).toEqual([shk.content.position, shk.sha256]);
  await expect(page.getByTestId('report-draft-sha256')).toHaveText(shk.sha256.slice(0, 12));
  await expect(dialog.locator('[data-figure="basicKg"]')).toHaveAttribute('data-value', shk.content.basic.kg);
  await expect(dialog.locator('[data-figure="adjustedKg"]')).toHaveAttribute('data-value', shk.content.adjusted.kg);
  await expect(page.getByTestId('report-draft-basicKg')).toHaveAttribute('data-kg', String(Number(shk.content.basic.kg)));
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByTestId('report-note').fill(note);
  await dialog.getByTestId('report-file-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.bp6-toast')).toContainText(ja['reports.file.done']!.replace('{year}', String(fiscalYear)).replace('{regime}', ja['reports.regime.shk']!));

  // Listed under its regime, with the figures it recorded.
  const row = page.getByTestId('report-row').filter({ hasText: note });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-regime', 'shk');
  await expect(row.getByTestId('report-row-regime')).toHaveText(ja['reports.regime.shk']!);
  await expect(row).toContainText(shk.sha256.slice(0, 12));
  await expect(row.locator('[data-testid="report-row-figure"][data-figure="basicKg"]')).toHaveAttribute('data-value', shk.content.basic.kg);
  const reportId = (await row.getAttribute('data-report-id'))!;
  expect(await axeViolations(page)).toEqual([]);

  // A late line after filing: 1,000 kWh of purchased electricity at 0.5 kg-CO2/kWh on 第一工場 = 500 kg,
  // on both of SHK's bases (a location-based line's market figure is the grid average, the same 0.5).
  const dealId = `e2e-shk-filing-${Date.now().toString(36)}`;
  const line = await recordLateElectricity(page, token, fiscalYear, dealId);
  const lateKg = 1000 * 0.5;
  expect(line.co2eKg).toBeCloseTo(lateKg, 6);

  try {
    const detailOf = async () => (await api(page.request, token, 'GET', `/api/reports/${encodeURIComponent(reportId)}`)) as { asFiled: { reproduced: boolean }; figures: FigureDifference[]; lines: { dealId: string }[] };
    await expect.poll(async () => (await detailOf()).lines.some((l) => l.dealId === dealId), { timeout: 10_000 }).toBe(true);
    const detail = await detailOf();
    expect(detail.asFiled.reproduced).toBe(true);
    const basic = detail.figures.find((f) => f.figure === 'basicKg')!;
    expect(basic.filed).toBe(shk.content.basic.kg);
    expect(Number(basic.difference)).toBeCloseTo(lateKg, 6);

    // The detail page: the SHK report as filed, its hash reproduced, the figures' difference and the late line with its cause.
    await row.getByTestId('report-row-detail').click();
    await expect(page).toHaveURL(`/emission/report/detail?id=${encodeURIComponent(reportId)}`);
    await settled(page);
    await expect(page.getByTestId('report-heading')).toContainText(ja['reports.regime.shk']!);
    const hash = page.getByTestId('report-hash');
    await expect(hash).toHaveAttribute('data-reproduced', 'true');
    await expect(hash).toContainText(shk.sha256);
    await expect(page.getByTestId('report-note-shown')).toHaveText(note);
    const figure = page.locator('[data-testid="report-figure"][data-figure="basicKg"]');
    await expect(figure).toHaveAttribute('data-filed', shk.content.basic.kg);
    await expect(figure).toHaveAttribute('data-difference', basic.difference);
    // In t-CO2e by default, with its sign: +0.5.
    await expect(figure.locator('td').nth(2)).toHaveText(`+${(lateKg / 1000).toLocaleString('ja-JP', { maximumFractionDigits: 3 })}`);
    await expect(page.locator(`[data-testid="report-line"][data-deal-id="${dealId}"] [data-testid="report-line-event"]`)).toHaveAttribute('data-cause', 'lateEntry');
    // No GHG Protocol category table or supplement for an SHK filing; its own page as filed is a link away.
    await expect(page.getByTestId('report-categories')).toHaveCount(0);
    await expect(page.getByTestId('report-supplement')).toHaveCount(0);
    await expect(page.getByTestId('report-open-as-filed')).toHaveAttribute('href', `/emission/report/shk?asOf=${shk.content.position}`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'report-detail-shk', 'ja');
    await page.getByTestId('report-open-as-filed').click();
    await settled(page);
    await expect(page.getByTestId('shk-basic')).toHaveAttribute('data-kg', shk.content.basic.kg);
  } finally {
    await removeLine(page, token, line);
  }
  expect(errors).toEqual([]);
});

test('the report detail without a report, or with one the company does not have, says so and leads back to the list', async ({ page }) => {
  const errors = collectPageErrors(page);
  await loggedInPage(page);
  await page.goto('/emission/report/detail');
  await settled(page);
  await expect(page.getByText(ja['reports.detail.none']!)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/emission/report/detail?id=no-such-report');
  await settled(page);
  await expect(page.getByTestId('server-error')).toHaveText(ja['reports.error.notFound']!);
  await page.getByRole('link', { name: ja['reports.detail.toList']! }).click();
  await expect(page).toHaveURL(/\/emission\/report$/);
  await settled(page);
  expect(errors).toEqual([]);
});
