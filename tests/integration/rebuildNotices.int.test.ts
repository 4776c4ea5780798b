import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ChangeNotice } from '@ghg/events';
import { emptyPostgresDatabase, runCli } from './cliProcess';
import { call, login, startTestApp, type RunningApp } from './embeddedApp';

/**
 * `npm run rebuild` beside a running app on PostgreSQL: the rebuild is another process, and only
 * LISTEN/NOTIFY tells the app's /api/live that the tables it reads were swapped. An open browser
 * must hear it, or it keeps showing what the old tables held.
 */
describe.skipIf(!process.env.DATABASE_URL)('npm run rebuild notifies open browsers (PostgreSQL)', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('sends a notice for every rebuilt topic of the browser\'s company after the swap', async () => {
    const { url, drop } = await emptyPostgresDatabase();
    cleanup.push(drop);
    const app: RunningApp = await startTestApp(url);
    cleanup.push(() => app.stop());

    const token = await login(app, 'admin@demo.example');
    const { selectedCompanyId } = (await call(app, 'GET', '/api/auth-user', token)).body.user;
    const received: ChangeNotice[] = [];
    const socket = new WebSocket(`${app.url.replace('http', 'ws')}/api/live?token=${encodeURIComponent(token)}`);
    cleanup.push(async () => socket.close());
    await new Promise<void>((opened, failed) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string; notices?: ChangeNotice[] };
        if (message.type === 'hello') opened();
        if (message.type === 'notices') received.push(...message.notices!);
      });
      socket.once('error', failed);
      setTimeout(() => failed(new Error('no hello within 10 s')), 10_000);
    });
    // The seed's own notices went out before the socket opened; from here on only the rebuild's.
    await new Promise((r) => setTimeout(r, 300));
    received.length = 0;

    const rebuild = await runCli('app/src/rebuild.ts', ['settings/currency', 'settings/fiscalYear'], { env: { DATABASE_URL: url } });
    expect(rebuild.stderr).not.toMatch(/Rebuild failed/);
    expect(rebuild.code).toBe(0);

    const deadline = Date.now() + 10_000;
    const topics = () => new Set(received.filter((n) => n.companyId === selectedCompanyId).map((n) => n.topic));
    while (!(topics().has('settings/currency') && topics().has('settings/fiscalYear')) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect([...topics()].sort()).toEqual(['settings/currency', 'settings/fiscalYear']);
    // Only the browser's own company (the demo group has three), and no row ids: the page refetches the topic.
    expect(received.every((n) => n.companyId === selectedCompanyId && n.ids.length === 0)).toBe(true);
  });
});
