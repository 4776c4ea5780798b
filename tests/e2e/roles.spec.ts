import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, loggedInPage, messages, screenshot, settled } from './helpers';

const ja = messages('ja');

async function status(request: APIRequestContext, token: string, method: string, url: string, data?: unknown) {
  const response = await request.fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  return response.status();
}

test.describe('users and roles', () => {
  test('an admin invites a user, scopes them to a section, and deactivates them', async ({ page }) => {
    await loggedInPage(page);
    await page.goto('/account/setting/users');
    await settled(page);
    await expect(page.getByTestId('user-row-editor@demo.example')).toContainText(ja['role.editor']!);
    await expect(page.getByTestId('user-row-editor@demo.example')).toContainText('製造本部');

    // Invite: the form names what is wrong before anything is sent.
    const email = `e2e-role-${Date.now()}@demo.example`;
    await page.getByTestId('user-invite').click();
    await page.getByTestId('user-email').fill('not-an-address');
    await page.getByTestId('user-save').click();
    await expect(page.getByRole('dialog')).toContainText(ja['validation.email']!);
    await page.getByTestId('user-email').fill(email);
    await page.getByTestId('user-name').fill('E2E 招待ユーザー');
    await page.getByTestId('user-role').selectOption('editor');
    await page.getByTestId('user-save').click();
    await expect(page.getByRole('dialog')).toBeHidden();
    const row = page.getByTestId(`user-row-${email}`);
    await expect(row).toContainText(ja['role.editor']!);
    await expect(row).toContainText(ja['account.scope.all']!);

    // Inviting the same address again is refused with a translated message.
    await page.getByTestId('user-invite').click();
    await page.getByTestId('user-email').fill(email);
    await page.getByTestId('user-name').fill('重複');
    await page.getByTestId('user-save').click();
    await expect(page.getByTestId('server-error')).toContainText(ja['users.error.exists']!);
    await page.getByRole('dialog').getByRole('button', { name: ja['common.cancel']! }).click();

    // Scope to one section: viewer of 第一工場 and below.
    await row.getByTestId('user-access').click();
    await page.getByTestId('user-role').selectOption('viewer');
    await page.getByTestId('user-scope-section').check({ force: true });
    await page.getByTestId('user-section').selectOption({ label: '　　第一工場' });
    await page.getByTestId('user-save').click();
    await expect(row).toContainText(ja['role.viewer']!);
    await expect(row).toContainText('第一工場');

    // Search filters the table; sorting by email works both ways.
    await page.getByTestId('user-search').fill('招待');
    await expect(page.locator('[data-testid^="user-row-"]')).toHaveCount(1);
    await page.getByTestId('user-search').fill('');
    await screenshot(page, 'users', 'ja');

    // Deactivate after confirmation.
    await row.getByTestId('user-deactivate').click();
    await page.getByRole('alertdialog').getByRole('button', { name: ja['users.deactivate']! }).click();
    await expect(row).toContainText(ja['users.inactive']!);
    await row.getByTestId('user-reactivate').click();
    await expect(row).toContainText(ja['users.active']!);
  });

  test('an admin sets a company’s equity share and control approach, and the group’s consolidation approach the views open on', async ({ page }) => {
    await loggedInPage(page);
    await page.goto('/account/setting/company');
    await settled(page);
    const row = page.getByTestId('company-row-デモ物流株式会社');
    await row.getByTestId('company-edit').click();
    await page.getByTestId('company-equity').fill('150');
    await page.getByTestId('company-save').click();
    await expect(page.getByRole('dialog')).toContainText(ja['account.company.error.equityShare']!);
    await page.getByTestId('company-equity').fill('60');
    await page.getByTestId('company-control').selectOption('equity_share');
    await page.getByTestId('company-save').click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(row).toContainText('60 %');
    await expect(row).toContainText(ja['account.company.control.equity_share']!);

    // The group's own approach: chosen here, the views open on it and say it is the group's.
    const token = await apiLogin(page.request);
    const get = async (url: string) => (await page.request.get(url, { headers: { Authorization: `Bearer ${token}` } })).json();
    const groupApproach = page.getByTestId('group-approach');
    await expect(groupApproach).toHaveValue('operational');
    try {
      await groupApproach.selectOption('equity_share');
      await expect(page.locator('.bp6-toast').filter({ hasText: ja['account.company.groupApproach.saved']! })).toBeVisible();
      expect(await get('/api/companies')).toMatchObject({ consolidationApproach: 'equity_share' });

      await page.goto('/emission/view');
      await settled(page);
      await expect(page.getByTestId('views-approach')).toHaveValue('equity_share');
      const chosenText = ja['views.approach.groupChosen']!.replace('{approach}', ja['views.approach.equity_share']!);
      await expect(page.getByTestId('views-consolidation')).toContainText(chosenText);
      // The figure is the API's equity-share consolidation, which is also what it answers when no approach is asked.
      const { fiscalYear: setting } = await get('/api/fiscal-year');
      const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number) as [number, number];
      const query = `/api/emission-totals?fromYear=${month < setting.startMonth ? year - 1 : year}&of=group&groupBy=category`;
      const [equity, unasked] = [await get(`${query}&approach=equity_share`), await get(query)];
      expect(unasked).toMatchObject({ approach: 'equity_share', total: equity.total });
      await expect(page.getByTestId('views-total')).toHaveAttribute('data-kg', String(equity.total.co2eKg));
      // Another approach picked on the page is not the group's: the statement no longer says so.
      await page.getByTestId('views-approach').selectOption('operational');
      await expect(page.getByTestId('views-consolidation')).toContainText(ja['views.approach.operational']!);
      await expect(page.getByTestId('views-consolidation')).not.toContainText(chosenText);
    } finally {
      // Later files on this server expect the group consolidated as the demo tenant left it.
      await page.request.post('/api/group/consolidation-approach', { headers: { Authorization: `Bearer ${token}` }, data: { approach: 'operational' } });
    }
  });

  test('an editor scoped to one section and a viewer get exactly what the matrix says', async ({ browser }) => {
    for (const email of ['editor@demo.example', 'viewer@demo.example']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const token = await loggedInPage(page, email);
      // User management: administrators only, on the screen and on the server.
      await page.goto('/account/setting/users');
      await settled(page);
      await expect(page.getByText(ja['users.adminOnly']!)).toBeVisible();
      expect(await status(page.request, token, 'GET', '/api/users')).toBe(403);
      // Company settings: they see the companies but cannot edit them.
      await page.goto('/account/setting/company');
      await settled(page);
      await expect(page.getByTestId('company-edit').first()).toBeDisabled();
      await expect(page.getByTestId('company-add')).toHaveCount(0);
      // The group's consolidation approach is for a user who holds every company of the group.
      await expect(page.getByTestId('group-approach')).toHaveCount(0);
      expect(await status(page.request, token, 'POST', '/api/group/consolidation-approach', { approach: 'financial' })).toBe(403);
      expect(await status(page.request, token, 'PUT', '/api/company/consolidation', { companyId: 'x', equitySharePercent: 1, controlApproach: 'financial' })).toBe(403);
      // Targets need a whole-company editor: the section-scoped editor and the viewer may not write.
      expect(await status(page.request, token, 'POST', '/api/offset', { type: 'J-クレジット', particularNumberFrom: '1', particularNumberTo: '2', invalidOrRelocationQuantity: 1, invalidOrRelocationDate: '2025-05-01', authType: '無効化' })).toBe(403);
      // Reading is allowed.
      expect(await status(page.request, token, 'GET', '/api/offset')).toBe(200);
      await context.close();
    }
  });

  test('a deactivated user’s token stops working at once', async ({ page }) => {
    const admin = await apiLogin(page.request);
    const logistics = await apiLogin(page.request, 'logistics@demo.example');
    expect(await status(page.request, logistics, 'GET', '/api/auth-user')).toBe(200);
    // logistics@ belongs to the second company: manage them from there.
    const me = await page.request.get('/api/auth-user', { headers: { Authorization: `Bearer ${admin}` } });
    const first = ((await me.json()) as { user: { selectedCompanyId: string } }).user.selectedCompanyId;
    const second = ((await (await page.request.get('/api/auth-user', { headers: { Authorization: `Bearer ${logistics}` } })).json()) as { user: { selectedCompanyId: string; id: string } }).user;
    expect(await status(page.request, admin, 'PUT', '/api/user', { user: { selectedCompanyId: second.selectedCompanyId } })).toBe(200);
    try {
      expect(await status(page.request, admin, 'POST', `/api/users/${second.id}/deactivate`)).toBe(200);
      expect(await status(page.request, logistics, 'GET', '/api/auth-user')).toBe(401);
      expect(await status(page.request, admin, 'POST', `/api/users/${second.id}/reactivate`)).toBe(200);
      expect(await status(page.request, logistics, 'GET', '/api/auth-user')).toBe(200);
    } finally {
      await status(page.request, admin, 'PUT', '/api/user', { user: { selectedCompanyId: first } });
    }
  });
});
