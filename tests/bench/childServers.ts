import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backends } from '../integration/embeddedApp';
import { startChildServer, stopChildServer, type ChildServer } from '../integration/childServer';

/**
 * Runs `measure` against the server in its own process, as `npm start` runs it, once embedded
 * (PGlite in a fresh data folder) and once on a scratch PostgreSQL database (when one is
 * configured); each server is stopped and its data removed afterwards. Returns what each run gave.
 */
export async function onChildServers<T>(measure: (server: ChildServer, label: 'embedded (PGlite)' | 'PostgreSQL') => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (const [name, backend] of backends) {
    const db = await backend();
    if (!db) continue;
    const dataDir = mkdtempSync(join(tmpdir(), 'ghg-bench-'));
    const server = await startChildServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', WEB_DIST: join(dataDir, 'no-web'), DATABASE_URL: db.url ?? '', EVENTSTORE_URL: '' });
    try {
      results.push(await measure(server, name === 'PGlite' ? 'embedded (PGlite)' : 'PostgreSQL'));
    } finally {
      await stopChildServer(server).catch(() => server.child.kill('SIGKILL'));
      await db.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return results;
}
