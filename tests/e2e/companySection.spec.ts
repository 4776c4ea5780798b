import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, loggedInPage, messages, screenshot, settled } from './helpers';

const ja = messages('ja');
const PATH = '/emission/setting/company-section';

interface Section {
  id: string;
  name: string;
  parentSection: string | null;
}

async function api(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  const response = await request.fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  return { status: response.status(), body: await response.json().catch(() => null) };
}

const sections = async (request: APIRequestContext, token: string) => (await api(request, token, 'GET', '/api/company-section')).body.companySections as Section[];
const byName = async (request: APIRequestContext, token: string, name: string) => (await sections(request, token)).find((s) => s.name === name);
const row = (page: Page, name: string) => page.getByTestId(`section-row-${name}`);

/** Adds a section through the dialog, under `parent` (chosen in the parent list). */
async function addSection(page: Page, name: string, parent: string) {
  await page.getByTestId('section-add').click();
  const dialog = page.getByRole('dialog');
  await page.getByTestId('section-name').fill(name);
  await page.getByTestId('section-parent').selectOption({ label: parent });
  await page.getByTestId('section-save').click();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toBeVisible();
}

async function expectRefusedDelete(page: Page, name: string, message: string) {
  await row(page, name).getByTestId(`section-delete-${name}`).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(ja['companySection.deleteHint']!);
  await confirm.getByRole('button', { name: ja['common.delete']! }).click();
  await expect(page.locator('.bp6-toast').filter({ hasText: message })).toBeVisible();
  await expect(row(page, name)).toBeVisible();
}

test.describe('company sections', () => {
  test('search keeps the ancestors of a match', async ({ page }) => {
    await loggedInPage(page);
    await page.goto(PATH);
    await settled(page);
    await expect(row(page, '全社')).toBeVisible();
    await expect(row(page, '指定なし')).toBeVisible();
    await page.getByTestId('section-search').fill('第一');
    await expect(row(page, '第一工場')).toBeVisible();
    await expect(row(page, '製造本部')).toBeVisible();
    await expect(row(page, '全社')).toBeVisible();
    await expect(row(page, '管理本部')).toHaveCount(0);
    await expect(row(page, '第二工場')).toHaveCount(0);
    await page.getByTestId('section-search').fill('存在しない部門');
    await expect(page.getByTestId('section-no-match')).toBeVisible();
  });

  test('create, re-parent by dragging, and the three refused deletes with their messages', async ({ page }) => {
    const token = await loggedInPage(page);
    await page.goto(PATH);
    await settled(page);

    // Create: one under 管理本部 from the toolbar, one beneath it from its row.
    await addSection(page, 'E2E調達部', '管理本部');
    await row(page, 'E2E調達部').getByTestId('section-add-E2E調達部').click();
    await page.getByTestId('section-name').fill('E2E購買課');
    await page.getByTestId('section-display-name').fill('購買課（E2E）');
    await page.getByTestId('section-save').click();
    await expect(row(page, 'E2E購買課')).toContainText('購買課（E2E）');
    const procurement = (await byName(page.request, token, 'E2E調達部'))!;
    expect((await byName(page.request, token, 'E2E購買課'))!.parentSection).toBe(procurement.id);

    // Re-parent by dragging onto 製造本部; the child moves with it.
    const manufacturing = (await byName(page.request, token, '製造本部'))!;
    await row(page, 'E2E調達部').dragTo(row(page, '製造本部'));
    await expect(page.locator('.bp6-toast').filter({ hasText: 'E2E調達部' })).toBeVisible();
    await expect.poll(async () => (await byName(page.request, token, 'E2E調達部'))!.parentSection).toBe(manufacturing.id);
    await page.reload();
    await settled(page);
    // Tree order: the moved section now sits inside 製造本部's list.
    await expect(row(page, '製造本部').locator('xpath=..').getByTestId('section-row-E2E購買課')).toBeVisible();

    // Dragging a section into its own sub-section is refused before anything is sent.
    await row(page, 'E2E調達部').dragTo(row(page, 'E2E購買課'));
    await expect(page.locator('.bp6-toast').filter({ hasText: ja['companySection.error.cycle']! })).toBeVisible();
    expect((await byName(page.request, token, 'E2E調達部'))!.parentSection).toBe(manufacturing.id);

    // Refused: it has a sub-section.
    await expectRefusedDelete(page, 'E2E調達部', ja['companySection.error.hasChildren']!);

    // Refused: a user holds a role in it.
    // The section belongs to the admin's selected company, so the new user must too.
    const { selectedCompanyId } = (await api(page.request, token, 'GET', '/api/auth-user')).body.user;
    const purchasing = (await byName(page.request, token, 'E2E購買課'))!;
    const invited = await api(page.request, token, 'POST', '/api/users', {
      email: `e2e-section-${Date.now()}@demo.example`,
      name: 'E2E 購買担当',
      role: 'viewer',
      companyIds: [selectedCompanyId],
      sectionId: purchasing.id,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    await expectRefusedDelete(page, 'E2E購買課', ja['companySection.error.hasUsers']!);

    // Refused: a group flag registers it.
    await addSection(page, 'E2Eフラグ部', '全社');
    const flagged = (await byName(page.request, token, 'E2Eフラグ部'))!;
    const flag = await api(page.request, token, 'POST', '/api/group-flag', { name: `E2E区分-${Date.now()}`, sectionIds: [flagged.id] });
    expect(flag.status, JSON.stringify(flag.body)).toBe(200);
    await expectRefusedDelete(page, 'E2Eフラグ部', ja['companySection.error.hasFlag']!);

    // Allowed: a section with nothing attached.
    await addSection(page, 'E2E臨時部', '全社');
    await row(page, 'E2E臨時部').getByTestId('section-delete-E2E臨時部').click();
    await page.getByRole('alertdialog').getByRole('button', { name: ja['common.delete']! }).click();
    await expect(row(page, 'E2E臨時部')).toHaveCount(0);
    expect(await byName(page.request, token, 'E2E臨時部')).toBeUndefined();

    // Reserved sections cannot be deleted from the screen.
    await expect(row(page, '全社').getByTestId('section-delete-全社')).toBeDisabled();
    await screenshot(page, 'company-section', 'ja');

    // Clean up, so the specs after this one meet the demo tree as seeded.
    const flagId = (flag.body as { groupFlag: { id: string } }).groupFlag.id;
    expect((await api(page.request, token, 'DELETE', `/api/group-flag/${flagId}`)).status).toBe(200);
    expect((await api(page.request, token, 'POST', `/api/users/${(invited.body as { user: { id: string } }).user.id}/deactivate`)).status).toBe(200);
    for (const name of ['E2E購買課', 'E2E調達部', 'E2Eフラグ部']) {
      const section = (await byName(page.request, token, name))!;
      expect((await api(page.request, token, 'DELETE', `/api/company-section/${section.id}`)).status, name).toBe(200);
    }
  });

  test('the edit dialog moves a section without a mouse; reserved sections cannot move', async ({ page }) => {
    const token = await loggedInPage(page);
    const made = await api(page.request, token, 'POST', '/api/company-section', { section: { name: 'E2Eキー移動' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await page.goto(PATH);
    await settled(page);
    const target = (await byName(page.request, token, '管理本部'))!;
    await page.getByTestId('section-edit-E2Eキー移動').click();
    await page.getByTestId('section-parent').selectOption(target.id);
    await page.getByTestId('section-save').click();
    await expect.poll(async () => (await byName(page.request, token, 'E2Eキー移動'))!.parentSection).toBe(target.id);

    // 全社 is reserved: no drag, delete disabled, name and parent locked in the dialog.
    await expect(row(page, '全社')).toHaveAttribute('draggable', 'false');
    await page.getByTestId('section-edit-全社').click();
    await expect(page.getByTestId('section-name')).toBeDisabled();
    await expect(page.getByTestId('section-parent')).toBeDisabled();
    await page.keyboard.press('Escape');
    expect((await api(page.request, token, 'DELETE', `/api/company-section/${made.body.companySection.id}`)).status).toBe(200);
  });

  test('a viewer sees the tree read-only, and the server refuses their change', async ({ page }) => {
    const token = await loggedInPage(page, 'viewer@demo.example');
    await page.goto(PATH);
    await settled(page);
    await expect(row(page, '製造本部')).toBeVisible();
    await expect(page.getByTestId('section-add')).toBeDisabled();
    await expect(page.getByTestId('section-edit-製造本部')).toHaveCount(0);
    await expect(row(page, '製造本部')).not.toHaveAttribute('draggable', 'true');
    const refused = await api(page.request, token, 'POST', '/api/company-section', { section: { name: 'viewer-made' } });
    expect(refused.status).toBe(403);
  });

  test('a user of another company sees none of this company’s sections and cannot change them', async ({ page }) => {
    const admin = await apiLogin(page.request);
    const ours = await sections(page.request, admin);
    const token = await loggedInPage(page, 'logistics@demo.example');
    await page.goto(PATH);
    await settled(page);
    await expect(row(page, '輸送部')).toBeVisible();
    await expect(row(page, '製造本部')).toHaveCount(0);
    const theirs = await sections(page.request, token);
    expect(theirs.some((s) => ours.some((o) => o.id === s.id))).toBe(false);
    // Deleting our section from their company answers "not found": their calls act on their company only.
    const manufacturing = ours.find((s) => s.name === '製造本部')!;
    const refused = await api(page.request, token, 'DELETE', `/api/company-section/${manufacturing.id}`);
    expect([403, 404]).toContain(refused.status);
    const switched = await api(page.request, token, 'PUT', '/api/user', { user: { selectedCompanyId: (await api(page.request, admin, 'GET', '/api/auth-user')).body.user.selectedCompanyId } });
    expect(switched.status).toBe(400);
  });
});
