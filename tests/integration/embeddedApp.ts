import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { startEmbedded } from '@ghg/app';
import { freshPostgres, keepAsTemplate } from '@ghg/eventstore/testing';

export type RunningApp = Awaited<ReturnType<typeof startEmbedded>> & { stop(): Promise<void> };

const testEnv = (dataDir: string): NodeJS.ProcessEnv => ({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST: join(dataDir, 'no-web'),
});

let seededFolder: Promise<string> | null = null;

/**
 * A fresh data folder holding the demo tenant as a first start leaves it. The first start of a test
 * process seeds a folder once (migrations and the demo tenant's three years of activity, about 4 s
 * on PGlite); every app after that starts on a copy of it, as `npm start` does a second time.
 */
async function seededDataDir(): Promise<string> {
  seededFolder ??= (async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ghg-seeded-'));
    await (await startEmbedded(testEnv(folder))).close();
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    return folder;
  })();
  const template = await seededFolder;
  const dataDir = mkdtempSync(join(tmpdir(), 'ghg-app-'));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * The app exactly as `npm start` runs it with the demo tenant: on a copy of a seeded data folder
 * (PGlite), or on the given PostgreSQL URL. Extra environment (another folder, a public URL…)
 * starts it on a fresh folder instead, as a first start.
 */
export async function startTestApp(databaseUrl?: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningApp> {
  const fromSeed = !databaseUrl && Object.keys(extraEnv).length === 0;
  const dataDir = fromSeed ? await seededDataDir() : mkdtempSync(join(tmpdir(), 'ghg-app-'));
  const env: NodeJS.ProcessEnv = {
    ...testEnv(dataDir),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv,
  };
  const running = await startEmbedded(env);
  return {
    ...running,
    stop: async () => {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON request through fastify's inject (no socket), with an optional bearer token. */
export async function call(app: RunningApp, method: string, url: string, token?: string, body?: unknown) {
  const res = await app.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  // A JSON answer parsed; a page (the API reference) as its text.
  const json = String(res.headers['content-type'] ?? 'application/json').includes('json');
  return { status: res.statusCode, body: res.body ? (json ? JSON.parse(res.body) : res.body) : null };
}

export async function login(app: RunningApp, email: string, password = 'demo-ledger'): Promise<string> {
  const res = await call(app, 'POST', '/api/login', undefined, { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** A token for each demo user: the group administrator, the section editor (製造本部), the viewer, the second company's editor. */
export async function loginDemoUsers(app: RunningApp) {
  return {
    admin: await login(app, 'admin@demo.example'),
    editor: await login(app, 'editor@demo.example'),
    viewer: await login(app, 'viewer@demo.example'),
    logistics: await login(app, 'logistics@demo.example'),
  };
}

/**
 * The databases every integration suite runs on: PGlite always, and a scratch PostgreSQL database
 * when DATABASE_URL is set (null otherwise: the suite is skipped, and says so by its name).
 */
type Backend = () => Promise<{ url?: string; cleanup(): Promise<void> } | null>;

let seededTemplate: Promise<string> | null = null;

/** A PostgreSQL database seeded once per test process (as a first start leaves it), kept as the template of the suites' databases. */
function seededPostgresTemplate(serverUrl: string): Promise<string> {
  seededTemplate ??= (async () => {
    const db = (await freshPostgres(serverUrl))!;
    const url = (db.config as { url: string }).url;
    await db.knex.destroy();
    await (await startTestApp(url)).stop();
    return keepAsTemplate(serverUrl, new URL(url).pathname.slice(1));
  })();
  return seededTemplate;
}

export const backends: [string, Backend][] = [
  ['PGlite', async () => ({ cleanup: async () => {} })],
  [
    'PostgreSQL',
    async () => {
      const serverUrl = process.env.DATABASE_URL;
      if (!serverUrl) return null;
      const db = (await freshPostgres(serverUrl, { template: await seededPostgresTemplate(serverUrl) }))!;
      const url = (db.config as { url: string }).url;
      await db.knex.destroy();
      return { url, cleanup: () => db.close() };
    },
  ],
];

/**
 * Declares `suite` once per backend, titled "<title> on <backend>"; the PostgreSQL one is skipped
 * without DATABASE_URL. `start` runs the app on that backend; its `stop` also drops the database.
 */
export function describeOnBackends(title: string, suite: (start: () => Promise<RunningApp>) => void): void {
  for (const [name, backend] of backends) {
    const start = async (): Promise<RunningApp> => {
      const db = await backend();
      if (!db) throw new Error(`${name}: DATABASE_URL is not set`);
      const app = await startTestApp(db.url);
      return { ...app, stop: async () => { await app.stop(); await db.cleanup(); } };
    };
    describe.skipIf(name === 'PostgreSQL' && !process.env.DATABASE_URL)(`${title} on ${name}`, () => suite(start));
  }
}

/** A call that must be refused: its response, after checking that it appended no event. */
export async function refusedCall(app: RunningApp, method: string, url: string, token: string, body?: unknown) {
  const eventCount = async () => (await app.infra.eventStore.readAll()).length;
  const before = await eventCount();
  const res = await call(app, method, url, token, body);
  expect(await eventCount(), `${method} ${url} (${res.status}) appended events`).toBe(before);
  return res;
}
