/// <reference lib="dom" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { api, collectPageErrors, currentFiscalYear, loggedInPage, settled } from './helpers';

interface FiledReport {
  reportId: string;
  fiscalYear: number;
  sha256: string;
}

test('a filed report’s "Download audit pack" gives a ZIP whose manifest lists report.json with the filed hash', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  // Last fiscal year (complete in the demo data): file its draft, or take a report of it already filed.
  const fiscalYear = (await currentFiscalYear(page.request, token)) - 1;
  const draft = (await api(page.request, token, 'GET', `/api/reports/draft?fiscalYear=${fiscalYear}`)) as { content: { position: string }; sha256: string };
  const filing = await page.request.post('/api/reports/file', {
    data: { fiscalYear, regime: 'ghgProtocol', position: draft.content.position, sha256: draft.sha256, note: 'e2e audit pack' },
    headers: { Authorization: `Bearer ${token}` },
  });
  const report: FiledReport = filing.ok()
    ? ((await filing.json()) as { report: FiledReport }).report
    : ((await api(page.request, token, 'GET', `/api/reports?fiscalYear=${fiscalYear}`)) as { reports: FiledReport[] }).reports[0]!;
  expect(report, await filing.text()).toBeTruthy();

  await page.goto(`/emission/report/detail?id=${encodeURIComponent(report.reportId)}`);
  await settled(page);
  const button = page.getByTestId('report-audit-pack');
  await expect(button).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`audit-pack-FY${fiscalYear}-${report.reportId.slice(0, 8)}.zip`);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  const zip = await JSZip.loadAsync(bytes);
  const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as { reportId: string; reportSha256: string; files: { name: string; sha256: string }[] };
  expect(manifest.reportId).toBe(report.reportId);
  expect(manifest.reportSha256).toBe(report.sha256);
  const listed = manifest.files.find((f) => f.name === 'report.json');
  expect(listed?.sha256).toBe(report.sha256);
  expect(createHash('sha256').update(await zip.file('report.json')!.async('nodebuffer')).digest('hex')).toBe(report.sha256);
  await expect(page.getByTestId('report-audit-pack-status')).toContainText(download.suggestedFilename());
  expect(errors).toEqual([]);
});
