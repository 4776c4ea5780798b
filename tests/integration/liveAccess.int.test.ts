import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ChangeNotice } from '@ghg/events';
import { call, describeOnBackends, login, type RunningApp } from './embeddedApp';
import { inviteAndLogin } from './invitedUser';

interface LiveClient {
  ws: WebSocket;
  notices: ChangeNotice[];
  /** The close code, once the server closes the socket. */
  closed: Promise<number>;
}

/** /api/live follows the user's access and checks the page's origin. */
describeOnBackends('live sockets follow access', (start) => {
  let app: RunningApp;
  let group: string;
  let company1: string;
  let company2: string;
  let base: string;

  beforeAll(async () => {
    app = await start();
    group = await login(app, 'admin@demo.example');
    company1 = (await call(app, 'GET', '/api/auth-user', group)).body.user.selectedCompanyId;
    company2 = ((await call(app, 'GET', '/api/companies', group)).body.companies as { id: string }[]).find((c) => c.id !== company1)!.id;
    base = `ws://127.0.0.1:${(app.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => app?.stop());

  /** Resolves after the hello, or with the refusal (HTTP status on upgrade, or close code). */
  const open = (token: string, origin?: string) =>
    new Promise<LiveClient | { refused: number }>((resolve, reject) => {
      const ws = new WebSocket(`${base}/api/live?token=${token}`, origin ? { origin } : {});
      const notices: ChangeNotice[] = [];
      const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
      ws.on('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
      ws.on('message', (raw) => {
        const message = JSON.parse(String(raw));
        if (message.type === 'hello') resolve({ ws, notices, closed });
        if (message.type === 'notices') notices.push(...message.notices);
      });
      void closed.then((code) => resolve({ refused: code }));
      ws.on('error', (error) => (error.message.startsWith('Unexpected server response') ? undefined : reject(error)));
    });
  const openLive = async (token: string) => {
    const client = await open(token);
    if ('refused' in client) throw new Error(`live socket refused: ${client.refused}`);
    return client;
  };
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))]);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it("deactivating a user closes their open sockets with 4401 at once, and they cannot open another", async () => {
    const user = await inviteAndLogin(app, group, 'live.deactivated@demo.example', { role: 'viewer', companyIds: [company1] });
    const first = await openLive(user.token);
    const second = await openLive(user.token);
    expect((await call(app, 'POST', `/api/users/${user.id}/deactivate`, group)).status).toBe(200);
    expect(await within(Promise.all([first.closed, second.closed]), 1000)).toEqual([4401, 4401]);
    expect(await open(user.token)).toEqual({ refused: 4401 });
  });

  it('access moved to another company: no notices of the old company afterwards, the new one heard', async () => {
    const user = await inviteAndLogin(app, group, 'live.moved@demo.example', { role: 'viewer', companyIds: [company1] });
    const live = await openLive(user.token);
    expect((await call(app, 'PUT', `/api/users/${user.id}/access`, group, { role: 'editor', companyIds: [company2] })).status).toBe(200);
    await settle();
    const heardBefore = live.notices.length;
    expect(live.ws.readyState).toBe(WebSocket.OPEN);

    const rate = await call(app, 'POST', '/api/currency', group, { fiscalYear: 2041, currencyUnit: 'NOK', rate: 13 });
    expect(rate.status).toBe(200);
    await settle();
    expect(live.notices.slice(heardBefore).filter((n) => n.companyId === company1)).toEqual([]);

    await call(app, 'PUT', '/api/user', group, { user: { selectedCompanyId: company2 } });
    expect((await call(app, 'POST', '/api/currency', group, { fiscalYear: 2041, currencyUnit: 'NOK', rate: 13 })).status).toBe(200);
    await settle();
    await call(app, 'PUT', '/api/user', group, { user: { selectedCompanyId: company1 } });
    expect(live.notices.slice(heardBefore).some((n) => n.companyId === company2 && n.topic === 'settings/currency')).toBe(true);
    live.ws.close();
  });

  it("refuses a page of another origin; accepts the app's own origin and clients that send none", async () => {
    expect(await open(group, 'https://evil.example')).toEqual({ refused: 403 });
    const own = await open(group, base.replace('ws:', 'http:'));
    expect('refused' in own).toBe(false);
    const none = await open(group);
    expect('refused' in none).toBe(false);
    for (const client of [own, none]) if ('ws' in client) client.ws.close();
  });
});
