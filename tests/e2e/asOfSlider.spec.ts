/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { api, axeViolations, collectPageErrors, currentFiscalYear, loggedInPage, messages, screenshot, settled } from './helpers';

const ja = messages('ja');

interface Moments {
  moments: { position: string; at: string; lines: number; reports: number; records: number }[];
  count: number;
  thinned: boolean;
  reflected: string;
}

/**
 * Issue 16's "done when": the time slider moves the dashboard back to before a late line. The
 * slider's stops are the company's moments (GET /api/as-of/moments); its right end is now, so one
 * step left from now is the moment before the newest change.
 */
test('the time slider moves the dashboard back to before a late line, by the keyboard, and forward to now', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const token = await loggedInPage(page);
  const { request } = page;
  const fiscalYear = await currentFiscalYear(request, token);
  const { fiscalYear: setting } = (await api(request, token, 'GET', '/api/fiscal-year')) as { fiscalYear: { startMonth: number } };
  // A late line: electricity of the fiscal year's first month, recorded now, on a setting with a stated factor.
  const firstMonth = `${fiscalYear}-${String(setting.startMonth).padStart(2, '0')}-15`;
  const { companySections } = (await api(request, token, 'GET', '/api/company-section')) as { companySections: { id: string; name: string }[] };
  const plant = companySections.find((s) => s.name === '第一工場')!;
  const { scopeSettings } = (await api(request, token, 'POST', '/api/create-scope-settings', {
    scopeSettings: [{ scopeCategory: '2', formulaId: 's2.location', section: plant.id, detail: { emissionIntensity: { value: 0.5, unit: 'kg-CO2e/kWh' } } }],
  })) as { scopeSettings: { id: string }[] };
  const quantityKwh = 3000;
  const factorKgPerKwh = 0.5;
  const { line } = (await api(request, token, 'POST', '/api/user-input-emission', {
    deal: { id: `e2e-slider-${Date.now().toString(36)}`, count: quantityKwh, countUnit: 'kWh', occurrenceDate: firstMonth },
    scopeSetting: { id: scopeSettings[0]!.id },
  })) as { line: { dealId: string; scopeSettingId: string; co2eKg: number } };
  try {
    // 3,000 kWh × 0.5 kg-CO2e/kWh = 1,500 kg CO2e: what the dashboard's total loses before the line.
    const lateKg = quantityKwh * factorKgPerKwh;
    expect(lateKg).toBe(1500);
    expect(line.co2eKg).toBeCloseTo(lateKg, 6);
    const { moments } = (await api(request, token, 'GET', '/api/as-of/moments')) as Moments;
    const [beforeLate, late] = moments.slice(-2) as [Moments['moments'][number], Moments['moments'][number]];
    expect(late.lines).toBe(1);
    expect(BigInt(beforeLate.position) < BigInt(late.position)).toBe(true);

    await page.goto('/');
    await settled(page);
    const total = page.getByTestId('home-total');
    // The dashboard's year total now, as the views' API answers it (scope 2 on the location basis, as the dashboard shows it).
    const nowKg = ((await api(request, token, 'GET', `/api/emission-totals?fromYear=${fiscalYear}&basis=location`)) as { total: { co2eKg: number } }).total.co2eKg;
    await expect.poll(async () => Number(await total.getAttribute('data-kg'))).toBe(nowKg);
    const slider = page.getByRole('slider', { name: ja['asOf.slider.label']! });
    await expect(slider).toHaveAttribute('data-stops', String(moments.length));
    // Now: the right end, read out as now with the time of the last change.
    await expect(slider).toHaveValue(String(moments.length - 1));
    await expect(slider).toHaveAttribute('aria-valuetext', new RegExp(`^${ja['asOf.slider.now']!.split('{at}')[0]!.replace(/[()]/g, '\\$&')}`));
    // The years of the history are ticked (the demo's lines and this one were all recorded this year, so at least this one).
    await expect(page.getByTestId('as-of-slider-ticks')).toContainText(new Intl.DateTimeFormat('ja', { year: 'numeric', timeZone: 'Asia/Tokyo' }).format(new Date(late.at)));

    // One step left with the keyboard: the moment before the late line; the address carries it once the slider rests.
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(new RegExp(`[?&]asOf=${beforeLate.position}(&|$)`));
    await expect(slider).toHaveValue(String(moments.length - 2));
    const when = new Intl.DateTimeFormat('ja', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Asia/Tokyo' }).format(new Date(beforeLate.at));
    await expect(slider).toHaveAttribute('aria-valuetext', ja['asOf.slider.moment']!.replace('{at}', when).replace('{position}', beforeLate.position));
    await expect(page.getByTestId('as-of-slider-value')).toHaveText(ja['asOf.slider.moment']!.replace('{at}', when).replace('{position}', beforeLate.position));
    await expect(page.getByTestId('as-of-tag')).toContainText(beforeLate.position);
    // The total as of then: now − 3,000 kWh × 0.5 kg/kWh = now − 1,500 kg.
    await expect.poll(async () => nowKg - Number(await total.getAttribute('data-kg'))).toBeCloseTo(lateKg, 6);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'home-as-of-slider', 'ja');

    // A shared link opens there too.
    await page.reload();
    await settled(page);
    await expect(slider).toHaveValue(String(moments.length - 2));
    await expect.poll(async () => nowKg - Number(await total.getAttribute('data-kg'))).toBeCloseTo(lateKg, 6);

    // Forward to the end: now again, no asOf in the address, the current total.
    await slider.focus();
    await page.keyboard.press('End');
    await expect(page).not.toHaveURL(/asOf=/);
    await expect(slider).toHaveValue(String(moments.length - 1));
    await expect.poll(async () => Number(await total.getAttribute('data-kg'))).toBe(nowKg);
    await expect(page.getByTestId('as-of-tag')).toHaveCount(0);

    // Home goes back to the first moment; "Back to now" clears it.
    await page.keyboard.press('Home');
    await expect(page).toHaveURL(new RegExp(`[?&]asOf=${moments[0]!.position}(&|$)`));
    await page.getByTestId('as-of-clear').click();
    await expect(page).not.toHaveURL(/asOf=/);
    await expect(slider).toHaveValue(String(moments.length - 1));
  } finally {
    await api(request, token, 'DELETE', '/api/user-input-emission/', { deal: { id: line.dealId }, scopeSetting: { id: line.scopeSettingId } });
    await api(request, token, 'DELETE', `/api/scope-setting/${line.scopeSettingId}`, {});
  }
  expect(errors).toEqual([]);
});
