import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbedded } from '@ghg/app';
import { freshPostgres } from '@ghg/events/testing';

export type RunningApp = Awaited<ReturnType<typeof startEmbedded>> & { stop(): Promise<void> };

/** The app exactly as `npm start` runs it, on a fresh data folder (or the given PostgreSQL URL). */
export async function startTestApp(databaseUrl?: string): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ghg-app-'));
  const env: NodeJS.ProcessEnv = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
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
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

export async function login(app: RunningApp, email: string, password = 'demo-ledger'): Promise<string> {
  const res = await call(app, 'POST', '/api/login', undefined, { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/**
 * The databases every integration suite runs on: PGlite always, and a scratch PostgreSQL database
 * when DATABASE_URL is set (null otherwise: the suite is skipped, and says so by its name).
 */
export const backends: [string, () => Promise<{ url?: string; cleanup(): Promise<void> } | null>][] = [
  ['PGlite', async () => ({ cleanup: async () => {} })],
  [
    'PostgreSQL',
    async () => {
      const db = await freshPostgres();
      if (!db) return null;
      const url = (db.config as { url: string }).url;
      await db.knex.destroy();
      return { url, cleanup: () => db.close() };
    },
  ],
];
