/// <reference lib="dom" />
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import JSZip from 'jszip';
import { kgText, microOf, microOfNumber } from '@ghg/domain';
import { api, axeViolations, collectPageErrors, currentFiscalYear, loggedInPage, messages, screenshot, settled } from './helpers';

const ja = messages('ja');
const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

interface FiledReport {
  reportId: string;
  position: string;
  sha256: string;
  note: string;
  scope1Kg: string;
  scope2LocationKg: string;
  scope2MarketKg: string;
  scope3Kg: string;
}
interface Detail {
  asFiled: { reproduced: boolean };
  lines: { dealId: string; filedKg: string | null; nowKg: string | null; differenceKg: string; events: { type: string; cause: string | null; differenceKg: string }[] }[];
  causes: { cause: string; lines: number; differenceKg: string }[];
  supplement: { position: string };
}

/**
 * Issue 16's "done when", in Chromium on the demo data: last fiscal year's report is filed; then a
 * late line is added and one factor restated (the year's basis pinned to the next version of the
 * company's own factor set, on the calculation-basis page); the report's detail shows filed vs now
 * with exactly those two causes, each with the kg its arithmetic gives; and the audit pack's
 * calculation files, run through `npm run calc -- <file> --json`, give back the filed totals.
 *
 * The factor: 2.0 kg-CO2/L in version 1 of the set, 2.5 in version 2; a fuel line of 1,200 L on it
 * was filed at 1,200 × 2.0 = 2,400 kg and is 1,200 × 2.5 = 3,000 kg after the restatement (+600 kg).
 * The late line: 1,000 kWh × 0.5 kg-CO2e/kWh = 500 kg. Everything the test adds goes again at the
 * end (the filed report stays, as filed reports do), so the year's figures are the demo's again.
 */
test('done when: file last year’s report, add a late line and restate one factor; the detail shows exactly those two causes; the audit pack recomputes to the filed totals', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const year = (await currentFiscalYear(request, token)) - 1;
  const stamp = Date.now().toString(36);
  const setId = `e2e-fuel-${stamp}`;
  const note = `e2e done-when ${stamp}`;
  const FUEL_L = 1200;
  const FACTOR_V1 = 2.0;
  const FACTOR_V2 = 2.5;
  const LATE_KWH = 1000;
  const LATE_FACTOR = 0.5;
  const fuelDeal = `e2e-dw-fuel-${stamp}`;
  const lateDeal = `e2e-dw-late-${stamp}`;
  const created: { dealId: string; scopeSettingId: string }[] = [];
  const work = mkdtempSync(join(tmpdir(), 'ghg-e2e-pack-'));

  const { companySections } = (await api(request, token, 'GET', '/api/company-section')) as { companySections: { id: string; name: string }[] };
  const plant = companySections.find((s) => s.name === '第一工場')!;
  const scopeSetting = async (scopeCategory: string, formulaId: string, detail: Record<string, unknown>) =>
    ((await api(request, token, 'POST', '/api/create-scope-settings', { scopeSettings: [{ scopeCategory, formulaId, section: plant.id, detail }] })) as { scopeSettings: { id: string }[] }).scopeSettings[0]!.id;
  const record = async (dealId: string, count: number, countUnit: string, occurrenceDate: string, scopeSettingId: string) => {
    const { line } = (await api(request, token, 'POST', '/api/user-input-emission', { deal: { id: dealId, count, countUnit, occurrenceDate }, scopeSetting: { id: scopeSettingId } })) as {
      line: { co2eKg: number };
    };
    created.push({ dealId, scopeSettingId });
    return line;
  };

  try {
    // Before the filing: the company's own factor set, version 1, pinned in last year's basis, and a fuel line on it.
    await api(request, token, 'POST', '/api/company-factor-sets', { setId, title: 'E2E 燃料係数' });
    await api(request, token, 'POST', `/api/company-factor-sets/${setId}/factors`, { key: 'fuel.test', label: { ja: 'E2E 試験燃料' }, value: FACTOR_V1, unit: 'kg-CO2/L' });
    const pinned = await api(request, token, 'POST', '/api/calculation-basis', { fiscalYear: year, factorSets: { [setId]: '1' }, reason: 'E2E: 自社係数を使う' });
    expect(pinned.recalculation.refused).toEqual([]);
    const fuelSetting = await scopeSetting('1', 's1.fuel', { fuel: 'E2E 試験燃料', emissionIntensity: `${setId}:fuel.test` });
    expect((await record(fuelDeal, FUEL_L, 'L', `${year}-06-01`, fuelSetting)).co2eKg).toBe(FUEL_L * FACTOR_V1); // 1,200 L × 2.0 = 2,400 kg

    // 1. File last fiscal year's report on the reports page.
    await page.goto('/emission/report');
    await settled(page);
    await page.getByTestId('fiscal-year-selector').selectOption(String(year));
    const draft = (await api(request, token, 'GET', `/api/reports/draft?fiscalYear=${year}`)) as { content: { lines: number }; sha256: string };
    await expect(page.getByTestId('report-draft-sha256')).toHaveText(draft.sha256.slice(0, 12));
    await page.getByTestId('report-file').click();
    const dialog = page.getByTestId('report-file-dialog');
    await dialog.getByTestId('report-note').fill(note);
    await dialog.getByTestId('report-file-confirm').click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByTestId('report-row').filter({ hasText: note });
    await expect(row).toHaveCount(1);
    const reportId = (await row.getAttribute('data-report-id'))!;
    const filed = ((await api(request, token, 'GET', `/api/reports?fiscalYear=${year}`)) as { reports: FiledReport[] }).reports.find((r) => r.reportId === reportId)!;
    expect(filed.sha256).toBe(draft.sha256);

    // 2. A late line: 1,000 kWh on 第一工場 in that year, 0.5 kg-CO2e/kWh.
    const electricity = await scopeSetting('2', 's2.location', { emissionIntensity: { value: LATE_FACTOR, unit: 'kg-CO2e/kWh' } });
    expect((await record(lateDeal, LATE_KWH, 'kWh', `${year}-07-01`, electricity)).co2eKg).toBe(LATE_KWH * LATE_FACTOR); // 500 kg

    // 3. One factor restated: version 2 of the set (2.5 kg-CO2/L) published, and the year's basis moved to it on the basis page.
    await api(request, token, 'POST', `/api/company-factor-sets/${setId}/factors`, { key: 'fuel.test', label: { ja: 'E2E 試験燃料' }, value: FACTOR_V2, unit: 'kg-CO2/L' });
    await page.goto('/emission/setting/calculation-basis');
    await settled(page);
    const pin = page.getByTestId(`basis-set-${setId}`);
    await expect(pin).toHaveValue('1');
    await pin.selectOption('2');
    await page.getByTestId('basis-preview').click();
    await expect(page.getByTestId('basis-preview-result')).toBeVisible();
    await page.getByTestId('basis-reason').fill('E2E: 自社係数 第2版');
    await page.getByTestId('basis-save').click();
    await expect(page.locator('.bp6-toast').filter({ hasText: ja['calculationBasis.recalculated']!.split('{n}')[0]!.trim() })).toBeVisible({ timeout: 60_000 });
    await expect(pin).toHaveValue('2');

    // 4. The report's detail: filed vs now, with exactly the two causes.
    const detailPath = `/emission/report/detail?id=${encodeURIComponent(reportId)}`;
    const detail = (await api(request, token, 'GET', `/api/reports/${encodeURIComponent(reportId)}`)) as Detail;
    expect(detail.asFiled.reproduced).toBe(true);
    // The restated lines' before and after, from the API: here the fuel line alone, 2,400 → 3,000 kg.
    const restated = detail.lines.filter((l) => l.events.some((e) => e.cause === 'restatement'));
    expect(restated.map((l) => [l.dealId, l.filedKg, l.nowKg])).toEqual([[fuelDeal, kgText(microOfNumber(FUEL_L * FACTOR_V1)), kgText(microOfNumber(FUEL_L * FACTOR_V2))]]);
    const restatedKg = kgText(restated.reduce((sum, l) => sum + microOf(l.nowKg!) - microOf(l.filedKg!), 0n));
    expect(restatedKg).toBe(kgText(microOfNumber(FUEL_L * (FACTOR_V2 - FACTOR_V1)))); // 1,200 × (2.5 − 2.0) = 600 kg
    const lateKg = kgText(microOfNumber(LATE_KWH * LATE_FACTOR)); // 1,000 × 0.5 = 500 kg
    expect(detail.causes).toEqual([
      { cause: 'lateEntry', lines: 1, differenceKg: lateKg },
      { cause: 'restatement', lines: 1, differenceKg: restatedKg },
    ]);

    await page.goto('/emission/report');
    await settled(page);
    await page.getByTestId('report-row').filter({ hasText: note }).getByTestId('report-row-detail').click();
    await expect(page).toHaveURL(detailPath);
    await settled(page);
    await expect(page.getByTestId('report-hash')).toHaveAttribute('data-reproduced', 'true');
    const causes = page.getByTestId('report-cause');
    await expect(causes).toHaveCount(2);
    await expect(causes.nth(0)).toHaveAttribute('data-cause', 'lateEntry');
    await expect(causes.nth(0)).toHaveAttribute('data-difference-kg', lateKg);
    await expect(causes.nth(0)).toHaveAttribute('data-lines', '1');
    await expect(causes.nth(0)).toContainText(ja['reports.cause.lateEntry']!);
    await expect(causes.nth(1)).toHaveAttribute('data-cause', 'restatement');
    await expect(causes.nth(1)).toHaveAttribute('data-difference-kg', restatedKg);
    await expect(causes.nth(1)).toContainText(ja['reports.cause.restatement']!);
    // Shown in t-CO2e by default: 500 kg + 600 kg = +1.1 t in all.
    await expect(page.getByTestId('report-causes-total')).toHaveAttribute('data-difference-kg', kgText(microOf(lateKg) + microOf(restatedKg)));
    await expect(page.getByTestId('report-causes-total').locator('td').last()).toHaveText(`+${(1.1).toLocaleString('ja-JP')}`);
    // Each line says which of its events caused what.
    const fuelRow = page.locator(`[data-testid="report-line"][data-deal-id="${fuelDeal}"]`);
    await expect(fuelRow.locator('[data-testid="report-line-event"][data-cause="restatement"]')).toHaveAttribute('data-difference-kg', restatedKg);
    const lateRow = page.locator(`[data-testid="report-line"][data-deal-id="${lateDeal}"]`);
    await expect(lateRow.locator('[data-testid="report-line-event"][data-cause="lateEntry"]')).toHaveAttribute('data-type', 'ActivityLineRecorded');
    // The supplement is read at the filed position and says it is outside the hash.
    await expect(page.getByTestId('report-supplement')).toHaveAttribute('data-position', filed.position);
    await expect(page.getByTestId('report-supplement-outside-hash')).toContainText(filed.position);
    await screenshot(page, 'report-done-when', 'ja');
    expect(await axeViolations(page)).toEqual([]);

    // 5. The audit pack, recomputed with the CLI: the filed totals again.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-audit-pack').click()]);
    const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
    const lines = parse((await zip.file('lines.csv')!.async('string')).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(lines.map((l) => l.dealId)).toContain(fuelDeal);
    expect(lines.map((l) => l.dealId)).not.toContain(lateDeal);
    const lineOf = new Map(lines.map((l) => [l.dealId!, l]));
    const calcFiles = Object.keys(zip.files).filter((n) => /^calc\/.+\.json$/.test(n));
    expect(calcFiles.length).toBeGreaterThan(0);
    const totals = { scope1: 0n, scope2Location: 0n, scope2Market: 0n, scope3: 0n };
    const seen = new Set<string>();
    for (const name of calcFiles) {
      const path = join(work, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, await zip.file(name)!.async('nodebuffer'));
      const { stdout } = await run('npm', ['run', '--silent', 'calc', '--', path, '--json'], { cwd: root, maxBuffer: 256 * 1024 * 1024 });
      const batch = JSON.parse(stdout) as { ok: boolean; results: { ok: boolean; lineId: string; co2eKg: number; basis?: 'location' | 'market' }[] };
      expect(batch.ok, name).toBe(true);
      for (const r of batch.results) {
        expect(r.ok, r.lineId).toBe(true);
        seen.add(r.lineId);
        // The engine's figure rounded to the microgram, as the ledger stores it.
        const kg = microOfNumber(r.co2eKg);
        const line = lineOf.get(r.lineId)!;
        expect(kgText(kg), r.lineId).toBe(line.co2eKg);
        const category = line.scopeCategory!;
        if (category === '1') totals.scope1 += kg;
        else if (category === '2') {
          // Recomputed on the basis its formula calculates on; the other basis as lines.csv states it.
          const location = r.basis === 'location' ? kg : line.locationKg ? microOf(line.locationKg) : 0n;
          const market = r.basis === 'market' ? kg : line.marketKg ? microOf(line.marketKg) : 0n;
          totals.scope2Location += location;
          totals.scope2Market += market;
        } else if (category !== 'water') totals.scope3 += kg;
      }
    }
    expect(seen).toEqual(new Set(lines.map((l) => l.dealId)));
    expect({ scope1Kg: kgText(totals.scope1), scope2LocationKg: kgText(totals.scope2Location), scope2MarketKg: kgText(totals.scope2Market), scope3Kg: kgText(totals.scope3) }).toEqual({
      scope1Kg: filed.scope1Kg,
      scope2LocationKg: filed.scope2LocationKg,
      scope2MarketKg: filed.scope2MarketKg,
      scope3Kg: filed.scope3Kg,
    });
  } finally {
    // The lines go again, then the set's pin (a pinned set a line still uses could not be unpinned).
    for (const { dealId, scopeSettingId } of created) {
      await api(request, token, 'DELETE', '/api/user-input-emission/', { deal: { id: dealId }, scopeSetting: { id: scopeSettingId } });
      await api(request, token, 'DELETE', `/api/scope-setting/${scopeSettingId}`, {});
    }
    const { calculationBasis } = (await api(request, token, 'GET', `/api/calculation-basis?fiscalYear=${year}`)) as { calculationBasis: { factorSets: Record<string, string> } };
    if (setId in calculationBasis.factorSets) await api(request, token, 'POST', '/api/calculation-basis', { fiscalYear: year, factorSets: { [setId]: null }, reason: 'E2E: 元に戻す' });
    rmSync(work, { recursive: true, force: true });
  }
  expect(errors).toEqual([]);
});
