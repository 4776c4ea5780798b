import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@ghg/eventstore';
import { emptyPostgresDatabase, runCli } from './cliProcess';
import { call, login, startTestApp, type RunningApp } from './embeddedApp';

const CLI = 'app/src/tenantCreate.ts';
const PASSWORD = 'first admin passphrase';
const args = (email: string, company = '北陸精機株式会社') => [
  '--name', '北陸ホールディングス',
  '--company', company,
  '--region', 'Japan',
  '--admin-email', email,
  '--admin-name', '初代 管理者',
];

/** Events in the log of a PostgreSQL database (es_events), read without starting anything. */
async function eventCount(url: string): Promise<number> {
  const db = await openDatabase({ kind: 'postgres', url });
  try {
    return Number((await db.knex('es_events').count<{ count: string }[]>('* as count'))[0]!.count);
  } finally {
    await db.close();
  }
}

/** What the new administrator sees once logged in: themselves and their company, nothing of the demo. */
async function expectAdminSeesTheirCompany(app: RunningApp, token: string) {
  const me = await call(app, 'GET', '/api/auth-user', token);
  expect(me.status).toBe(200);
  expect(me.body.user).toMatchObject({ email: 'founder@hokuriku.example', name: '初代 管理者', role: 'admin', allCompanies: true });
  const companies = await call(app, 'GET', '/api/companies', token);
  expect(companies.body.companies).toEqual([expect.objectContaining({ name: '北陸精機株式会社', region: 'Japan', id: me.body.user.selectedCompanyId })]);
  const sections = await call(app, 'GET', '/api/company-section', token);
  expect(sections.body.companySections.map((s: { name: string }) => s.name).sort()).toEqual(['全社', '指定なし'].sort());
  // No demo tenant was seeded on top: the log was not empty when the app started.
  expect((await call(app, 'POST', '/api/login', undefined, { email: 'admin@demo.example', password: 'demo-ledger' })).status).toBe(401);
}

describe.skipIf(!process.env.DATABASE_URL)('npm run tenant:create on an empty PostgreSQL database', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('creates the tenant, company and administrator; the app started afterwards lets them log in with the password from stdin', async () => {
    const { url, drop } = await emptyPostgresDatabase();
    cleanup.push(drop);

    const created = await runCli(CLI, [...args('Founder@Hokuriku.example'), '--password-stdin'], { env: { DATABASE_URL: url }, stdin: `${PASSWORD}\n` });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Created tenant "北陸ホールディングス" \([0-9a-f-]{36}\) in PostgreSQL/);
    expect(created.stdout).toContain('founder@hokuriku.example');
    expect(created.stdout).not.toContain('password-resetting');

    // The same address again (in another case) is refused, and nothing more is appended.
    const before = await eventCount(url);
    const again = await runCli(CLI, [...args('founder@HOKURIKU.example', '別会社'), '--password-stdin'], { env: { DATABASE_URL: url }, stdin: 'another passphrase' });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists \(user_exists\)/);
    expect(await eventCount(url)).toBe(before);

    // A refused argument appends nothing either.
    const badRegion = await runCli(CLI, [...args('second@hokuriku.example').map((a) => (a === 'Japan' ? 'Atlantis' : a)), '--password-stdin'], { env: { DATABASE_URL: url }, stdin: PASSWORD });
    expect(badRegion.code).toBe(1);
    expect(badRegion.stderr).toMatch(/invalid_region/);
    expect(await eventCount(url)).toBe(before);

    const app = await startTestApp(url);
    cleanup.push(() => app.stop());
    await expectAdminSeesTheirCompany(app, await login(app, 'founder@hokuriku.example', PASSWORD));
  });
});

describe('npm run tenant:create on an empty data folder (embedded run, app stopped)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ghg-tenant-create-'));
  // The data folder, never the PostgreSQL server the test run may have in DATABASE_URL.
  const embedded = { DATA_DIR: dataDir, DATABASE_URL: undefined, EVENTSTORE_URL: undefined };
  let app: RunningApp | null = null;
  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints a one-time password-setting link that works once the app runs; refuses while the app holds the folder', async () => {
    const created = await runCli(CLI, args('founder@hokuriku.example'), { env: { ...embedded, PUBLIC_URL: 'https://ghg.hokuriku.example' } });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const link = new URL(/https:\/\/ghg\.hokuriku\.example\/auth\/password-resetting\?\S+/.exec(created.stdout)![0]);

    app = await startTestApp(undefined, { DATA_DIR: dataDir });
    const busy = await runCli(CLI, args('other@hokuriku.example'), { env: embedded });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/is in use by process/);

    const reset = await call(app, 'POST', '/api/password/reset', undefined, { id: link.searchParams.get('id'), token: link.searchParams.get('token'), password: PASSWORD });
    expect(reset.status).toBe(200);
    await expectAdminSeesTheirCompany(app, await login(app, 'founder@hokuriku.example', PASSWORD));
    // The link was also queued for a mail relay.
    const [queued] = await app.infra.db.knex('mail_outbox').where({ recipient: 'founder@hokuriku.example' }).count<{ n: number }[]>('* as n');
    expect(Number(queued!.n)).toBe(1);
  });
});
