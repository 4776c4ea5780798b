/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { api, axeViolations, collectPageErrors, currentFiscalYear, loggedInPage, messages, screenshot, settled } from './helpers';

const ja = messages('ja');

test('an administrator creates an API token shown once, a client reads and writes with it (once per Idempotency-Key), and revoking it stops it', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const session = await loggedInPage(page);
  const { request } = page;
  const name = `e2e ERP ${Date.now().toString(36)}`;

  await page.goto('/account/setting/api-tokens');
  await settled(page);
  await expect(page.getByTestId('page-title')).toHaveText(ja['route.account.setting.apiTokens']!);
  await page.getByTestId('api-token-create').click();
  await page.getByTestId('api-token-name').fill(name);
  await page.getByTestId('api-token-role').selectOption('editor');
  await page.getByTestId('api-token-save').click();
  const secret = await page.getByTestId('api-token-secret').inputValue();
  expect(secret).toMatch(/^ghg_[0-9a-f-]{36}_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(ja['apiTokens.showOnce']!)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'api-token-created', 'ja');
  await page.getByTestId('api-token-done').click();
  await expect(page.getByTestId('api-token-secret')).toHaveCount(0);

  // Listed, active, and the secret appears nowhere on the page any more.
  const row = page.getByTestId(`api-token-row-${name}`);
  await expect(row).toContainText(ja['apiTokens.status.active']!);
  await expect(row).toContainText(ja['role.editor']!);
  expect(await page.content()).not.toContain(secret);
  expect(await axeViolations(page)).toEqual([]);

  // A client with the token reads the totals the administrator sees.
  const year = await currentFiscalYear(request, session);
  const totals = `/api/emission-totals?fromYear=${year - 1}`;
  expect(await api(request, secret, 'GET', totals)).toEqual(await api(request, session, 'GET', totals));

  // It records a line: 1,000 kWh × 0.5 kg/kWh = 500 kg; sent twice with one key, it is recorded once.
  const { companySections } = (await api(request, session, 'GET', '/api/company-section')) as { companySections: { id: string; name: string }[] };
  const plant = companySections.find((s) => s.name === '第一工場')!;
  const { scopeSettings } = await api(request, secret, 'POST', '/api/create-scope-settings', {
    scopeSettings: [{ scopeCategory: '2', formulaId: 's2.location', section: plant.id, detail: { emissionIntensity: { value: 0.5, unit: 'kg-CO2e/kWh' } } }],
  });
  const dealId = `e2e-token-${Date.now().toString(36)}`;
  const send = () =>
    request.post('/api/user-input-emission', {
      headers: { Authorization: `Bearer ${secret}`, 'Idempotency-Key': `${dealId}-run-1` },
      data: { deal: { id: dealId, count: 1000, countUnit: 'kWh', occurrenceDate: `${year - 1}-07-01` }, scopeSetting: { id: scopeSettings[0].id } },
    });
  const first = await send();
  expect(first.status(), await first.text()).toBe(200);
  expect(((await first.json()) as { line: { co2eKg: number } }).line.co2eKg).toBeCloseTo(500, 6);
  const retry = await send();
  expect([retry.status(), retry.headers()['idempotent-replayed']]).toEqual([200, 'true']);
  const before = (await api(request, session, 'GET', totals)) as { total: { co2eKg: number; lines: number } };
  // The audit log holds the token's line once, with the administrator as actor.
  const audit = (await api(request, session, 'GET', `/api/auditlog?topic=activity/lines&entityId=${encodeURIComponent(dealId)}`)) as { entries: { type: string; actor: { email: string | null } | null }[] };
  expect(audit.entries.filter((e) => e.type === 'ActivityLineRecorded').map((e) => e.actor?.email)).toEqual(['admin@demo.example']);
  // The auditor's trail in the screen: the line's history names the token, and "same command" lists what that command did.
  await page.goto(`/emission/setting/audit-log?entityId=${encodeURIComponent(dealId)}`);
  await settled(page);
  await expect(page.getByTestId('audit-api-token')).toHaveText(ja['audit.viaApiToken']!.replace('{name}', name));
  await page.getByTestId('audit-same-command').first().click();
  await expect(page.getByTestId('audit-correlation-filter')).toBeVisible();
  await expect(page.getByTestId('audit-row').first()).toHaveAttribute('data-type', 'ActivityLineRecorded');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/account/setting/api-tokens');
  await settled(page);

  // Revoked in the screen: the next call with it is refused.
  await row.getByTestId('api-token-revoke').click();
  await page.getByRole('alertdialog').getByRole('button', { name: ja['apiTokens.revoke']! }).click();
  await expect(row).toContainText(ja['apiTokens.status.revoked']!);
  const refused = await request.get(totals, { headers: { Authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);

  await api(request, session, 'DELETE', '/api/user-input-emission/', { deal: { id: dealId } });
  const after = (await api(request, session, 'GET', totals)) as { total: { co2eKg: number; lines: number } };
  expect(before.total.co2eKg - after.total.co2eKg).toBeCloseTo(500, 6);
  expect(before.total.lines - after.total.lines).toBe(1);
  expect(errors).toEqual([]);
});
