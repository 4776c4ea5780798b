/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { api, collectPageErrors, loggedInPage, screenshot, settled, today } from './helpers';

interface Totals {
  total: { co2eKg: number };
  companies: { companyId: string; name: string; region: string | null; weight: number }[];
  rows: { companyId?: string; sectionId?: string; fiscalYear?: number; co2eKg: number }[];
}
interface Section {
  id: string;
  name: string;
  parentSection: string | null;
}

/** A figure cell's kg (data-kg), whatever unit it shows. */
const kgOf = async (cell: Locator) => Number(await cell.getAttribute('data-kg'));
/** The figure cell of a FigureTable row or footer line. */
const figureCell = (row: Locator) => row.locator('[data-kg]');

/** The section and every section below it. */
function subtree(sections: readonly Section[], id: string): string[] {
  return [id, ...sections.filter((s) => s.parentSection === id).flatMap((s) => subtree(sections, s.id))];
}

async function setting(request: APIRequestContext, token: string) {
  const { fiscalYear } = await api(request, token, 'GET', '/api/fiscal-year');
  const [year, month] = today().split('-').map(Number) as [number, number];
  const fy = month < fiscalYear.startMonth ? year - 1 : year;
  const { companySections } = (await api(request, token, 'GET', '/api/company-section')) as { companySections: Section[] };
  return { fy, sections: companySections };
}

test('the region view: regions add up to the group total as the API sums it; region → company → section, each figure the API’s', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const { fy, sections } = await setting(request, token);
  const totals = async (query: string, approach = 'operational') => (await api(request, token, 'GET', `/api/emission-totals?fromYear=${fy}&of=group&approach=${approach}&${query}`)) as Totals;
  const byCompany = await totals('groupBy=company');
  expect(byCompany.total.co2eKg).toBeGreaterThan(0);

  await page.goto('/emission/view/region');
  await settled(page);
  await expect(page.getByTestId('region-consolidation')).toContainText('経営支配力');
  // The total line is the API's own total, to the gram; each region the sum of its companies' rows.
  await expect(figureCell(page.getByTestId('region-table-total'))).toHaveAttribute('data-kg', String(byCompany.total.co2eKg));
  const regions = [...new Set(byCompany.companies.map((c) => c.region ?? '-'))];
  await expect(page.getByTestId('region-table').locator('tbody tr')).toHaveCount(regions.length);
  await expect(page.getByTestId('region-chart').locator('rect')).toHaveCount(regions.length);
  let regionsKg = 0;
  for (const region of regions) {
    const expected = byCompany.rows.filter((r) => byCompany.companies.find((c) => c.companyId === r.companyId)?.region === region).reduce((kg, r) => kg + r.co2eKg, 0);
    const kg = await kgOf(figureCell(page.getByTestId(`region-table-row-${region}`)));
    expect(kg).toBeCloseTo(expected, 3);
    regionsKg += kg;
  }
  expect(regionsKg).toBeCloseTo(byCompany.total.co2eKg, 3);
  await screenshot(page, 'view-region', 'ja');
  // By equity share: each company weighed by its share, as the API consolidates it; the choice stays in the URL.
  await page.getByTestId('region-filters-approach').selectOption('equity_share');
  await expect(page.getByTestId('region-consolidation')).toContainText('出資比率');
  await expect(figureCell(page.getByTestId('region-table-total'))).toHaveAttribute('data-kg', String((await totals('groupBy=company', 'equity_share')).total.co2eKg));
  await expect(page).toHaveURL(/approach=equity_share/);
  await page.getByTestId('region-filters-approach').selectOption('operational');
  await expect(figureCell(page.getByTestId('region-table-total'))).toHaveAttribute('data-kg', String(byCompany.total.co2eKg));

  // The selected company (the one whose sections GET /api/company-section lists) and its region.
  const bySection = await totals('groupBy=company,section');
  const top = sections.find((s) => s.name === '製造本部')!;
  const selected = byCompany.companies.find((c) => bySection.rows.some((r) => r.companyId === c.companyId && r.sectionId === top.id))!;
  await page.getByTestId(`region-table-link-${selected.region}`).click();
  await expect(page.locator('[data-route="/emission/view/region/detail/first"]')).toBeVisible();
  const inRegion = byCompany.companies.filter((c) => c.region === selected.region);
  await expect(page.getByTestId('region-first-table').locator('tbody tr')).toHaveCount(inRegion.length);
  for (const c of inRegion) {
    const row = byCompany.rows.find((r) => r.companyId === c.companyId);
    await expect(figureCell(page.getByTestId(`region-first-table-row-${c.companyId}`))).toHaveAttribute('data-kg', String(row?.co2eKg ?? 0));
  }
  // The unit switch: the same figure in kg.
  await page.getByTestId('region-filters-unit').getByText('kg-CO2e').click();
  await expect(page.getByTestId('region-first-table-total')).toContainText(new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 1 }).format(inRegion.reduce((kg, c) => kg + (byCompany.rows.find((r) => r.companyId === c.companyId)?.co2eKg ?? 0), 0)));
  await expect(page).toHaveURL(/unit=kg/);
  await screenshot(page, 'view-region-first', 'ja');

  // Second level: the company's sections, each subtree the sum of the API's section rows.
  await page.getByTestId(`region-first-table-link-${selected.companyId}`).click();
  await expect(page.locator('[data-route="/emission/view/region/detail/second"]')).toBeVisible();
  await expect(page).toHaveURL(/unit=kg/);
  const companyRows = bySection.rows.filter((r) => r.companyId === selected.companyId);
  const subtreeKg = (id: string) => companyRows.filter((r) => subtree(sections, id).includes(r.sectionId!)).reduce((kg, r) => kg + r.co2eKg, 0);
  await expect(page.getByTestId(`region-second-table-row-${top.id}`)).toHaveAttribute('data-kg', /\d/);
  expect(await kgOf(page.getByTestId(`region-second-table-row-${top.id}`))).toBeCloseTo(subtreeKg(top.id), 3);
  await expect(figureCell(page.getByTestId('region-second-table-total'))).toHaveAttribute('data-kg', String(byCompany.rows.find((r) => r.companyId === selected.companyId)!.co2eKg));
  await screenshot(page, 'view-region-second', 'ja');

  // Third level: the section by scope and category; its figure the API's sum for the section and below (weight 1 here).
  await page.getByTestId(`region-second-table-link-${top.id}`).click();
  await expect(page.locator('[data-route="/emission/view/region/detail/third"]')).toBeVisible();
  const own = (await api(request, token, 'GET', `/api/emission-totals?fromYear=${fy}&sectionId=${top.id}&groupBy=category`)) as Totals;
  const sectionKg = await kgOf(page.getByTestId('region-third-total'));
  expect(sectionKg).toBeCloseTo(subtreeKg(top.id), 3);
  expect(sectionKg).toBeCloseTo(own.total.co2eKg * selected.weight, 3);
  expect(await kgOf(figureCell(page.getByTestId('region-third-table-total')))).toBe(sectionKg);
  await expect(page.getByTestId('region-third-table').locator('tbody tr')).toHaveCount(own.rows.length);
  let scopesKg = 0;
  for (const scope of ['1', '2', '3', 'water']) scopesKg += await kgOf(page.getByTestId(`region-third-scope-${scope}`).locator('[data-kg]'));
  expect(scopesKg).toBeCloseTo(sectionKg, 3);
  await screenshot(page, 'view-region-third', 'ja');
  // Its subsections drill further; the chain leads back up, keeping the region and company.
  await expect(page.getByTestId('region-third-sections').locator('tbody tr')).toHaveCount(subtree(sections, top.id).length);
  await page.getByTestId('region-chain-company').click();
  await expect(page.locator('[data-route="/emission/view/region/detail/second"]')).toBeVisible();
  await expect(page.getByTestId(`region-second-table-row-${top.id}`)).toBeVisible();
  expect(errors).toEqual([]);
});

test('the group-flag view: flags (their sections and those below, each once) and the sections in no flag add up to the company total; details and five years of transition', async ({ page }) => {
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const { fy, sections } = await setting(request, token);
  const id = (name: string) => sections.find((s) => s.name === name)!.id;
  // The demo tenant seeds no flag: two of our own, one registering a section together with its parent.
  const stamp = Date.now().toString(36);
  const created: string[] = [];
  for (const [name, names] of [
    [`E2E工場-${stamp}`, ['製造本部', '第一工場']],
    [`E2E経理-${stamp}`, ['経理部']],
  ] as const) {
    created.push(((await api(request, token, 'POST', '/api/group-flag', { name, sectionIds: names.map(id) })) as { groupFlag: { id: string } }).groupFlag.id);
  }
  try {
    const { groupFlags } = (await api(request, token, 'GET', '/api/group-flag')) as { groupFlags: { id: string; sectionIds: string[] }[] };
    const bySection = (await api(request, token, 'GET', `/api/emission-totals?fromYear=${fy}&groupBy=section`)) as Totals;
    const kgOfSections = (ids: Iterable<string>) => [...new Set(ids)].reduce((kg, s) => kg + (bySection.rows.find((r) => r.sectionId === s)?.co2eKg ?? 0), 0);
    const coveredBy = (flag: { sectionIds: string[] }) => new Set(flag.sectionIds.flatMap((s) => subtree(sections, s)));

    await page.goto('/emission/view/group-flag');
    await settled(page);
    await expect(page.getByTestId('flag-table').locator('tbody tr')).toHaveCount(groupFlags.length);
    let sum = 0;
    for (const flag of groupFlags) {
      const kg = await kgOf(figureCell(page.getByTestId(`flag-table-row-${flag.id}`)));
      expect(kg).toBeCloseTo(kgOfSections(coveredBy(flag)), 3);
      sum += kg;
    }
    // 製造本部 registered with 第一工場 below it: the plant counts once, so the flag is 製造本部's subtree.
    expect(await kgOf(figureCell(page.getByTestId(`flag-table-row-${created[0]}`)))).toBeCloseTo(kgOfSections(subtree(sections, id('製造本部'))), 3);
    const anyFlag = new Set(groupFlags.flatMap((f) => [...coveredBy(f)]));
    const rest = await kgOf(figureCell(page.getByTestId('flag-table-not-in-any-flag')));
    expect(rest).toBeCloseTo(bySection.rows.filter((r) => !anyFlag.has(r.sectionId!)).reduce((kg, r) => kg + r.co2eKg, 0), 3);
    const countedAgain = page.getByTestId('flag-table-counted-again');
    const again = (await countedAgain.count()) > 0 ? await kgOf(figureCell(countedAgain)) : 0;
    await expect(figureCell(page.getByTestId('flag-table-total'))).toHaveAttribute('data-kg', String(bySection.total.co2eKg));
    expect(sum + rest + again).toBeCloseTo(bySection.total.co2eKg, 3);
    await screenshot(page, 'view-group-flag', 'ja');

    // Details: the flag's sections (each once) and its figure by category, both adding up to the flag.
    await page.getByTestId(`flag-table-link-${created[0]}`).click();
    await expect(page.locator('[data-route="/emission/view/group-flag/details"]')).toBeVisible();
    const flagKg = await kgOf(page.getByTestId('flag-details-total'));
    expect(flagKg).toBeCloseTo(kgOfSections(subtree(sections, id('製造本部'))), 3);
    await expect(page.getByTestId('flag-details-sections').locator('tbody tr')).toHaveCount(subtree(sections, id('製造本部')).length);
    expect(await kgOf(figureCell(page.getByTestId('flag-details-table-total')))).toBe(flagKg);
    let categoriesKg = 0;
    for (const cell of await page.getByTestId('flag-details-table').locator('tbody td[data-kg]').all()) categoriesKg += await kgOf(cell);
    expect(categoriesKg).toBeCloseTo(flagKg, 3);
    await screenshot(page, 'view-group-flag-details', 'ja');

    // Transition: five fiscal years, the selected one last; each year's flag figure the API's for that year.
    await page.getByTestId('flag-chain-all').click();
    await page.getByTestId('flag-transition-link').click();
    await expect(page.locator('[data-route="/emission/view/group-flag/transition"]')).toBeVisible();
    const table = page.getByTestId('flag-transition-table');
    await expect(table.locator('thead th')).toHaveCount(1 + 5);
    await expect(table.locator('thead th').nth(5)).toContainText(`${fy}年度`);
    await expect(table.locator('thead th').nth(1)).toContainText(`${fy - 4}年度`);
    const byYear = (await api(request, token, 'GET', `/api/emission-totals?fromYear=${fy - 4}&toYear=${fy}&groupBy=section,fiscalYear`)) as Totals;
    const plant = subtree(sections, id('製造本部'));
    for (let year = fy - 4; year <= fy; year++) {
      const expected = byYear.rows.filter((r) => r.fiscalYear === year && plant.includes(r.sectionId!)).reduce((kg, r) => kg + r.co2eKg, 0);
      expect(await kgOf(page.getByTestId(`flag-transition-row-${created[0]}`).locator(`[data-year="${year}"]`))).toBeCloseTo(expected, 3);
    }
    expect(await kgOf(page.getByTestId('flag-transition-row-total').locator(`[data-year="${fy}"]`))).toBeCloseTo(bySection.total.co2eKg, 3);
    await expect(page.getByTestId('flag-transition-chart').locator('rect:has(title)')).toHaveCount(5 * groupFlags.length);
    await screenshot(page, 'view-group-flag-transition', 'ja');
    expect(errors).toEqual([]);
  } finally {
    for (const flagId of created) await api(request, token, 'DELETE', `/api/group-flag/${flagId}`);
  }
});
