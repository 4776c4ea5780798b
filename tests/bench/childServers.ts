import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backends } from '../integration/embeddedApp';
import { startChildServer, stopChildServer, type ChildServer } from '../integration/childServer';

export type ChildServerLabel = 'embedded (PGlite)' | 'PostgreSQL';

/** Where a child server keeps its data, the environment it is started with, and a way to restart it. */
export interface ChildServerTarget {
  label: ChildServerLabel;
  /** Its data folder (PGlite lives in `<dataDir>/pglite`). */
  dataDir: string;
  /** The scratch PostgreSQL database; null when embedded. */
  databaseUrl: string | null;
  /** Started on data an earlier run kept (BENCH_REUSE_…): it holds whatever that run seeded. */
  reused: boolean;
  /** The environment the server is started with (over the bench's own). */
  env: Record<string, string>;
  /**
   * Stops the server, runs `between` while none runs (an embedded data folder can be opened
   * by one process only), then starts a new one on the same data; that one is stopped at the end.
   */
  restart(between: () => Promise<void>): Promise<ChildServer>;
}

/**
 * Runs `measure` against the server in its own process, as `npm start` runs it, once embedded
 * (PGlite in a fresh data folder) and once on a scratch PostgreSQL database (when one is
 * configured); each server is stopped and its data removed afterwards. Returns what each run gave.
 *
 * For measuring large seeded data again (after a change, or to look at query plans) without
 * seeding it anew: BENCH_KEEP_DATA=1 keeps the data folder and the scratch database and prints
 * where they are; BENCH_REUSE_DATA_DIR=<folder> (embedded) and BENCH_REUSE_DATABASE_URL=<url>
 * (PostgreSQL) start the server on kept data instead of fresh data (`target.reused`), and leave
 * it in place.
 */
export async function onChildServers<T>(measure: (server: ChildServer, label: ChildServerLabel, target: ChildServerTarget) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  // BENCH_BACKENDS=embedded or =postgres runs one of them only (a long run on one backend).
  const only = process.env.BENCH_BACKENDS;
  for (const [name, backend] of backends) {
    if (only && only !== (name === 'PGlite' ? 'embedded' : 'postgres')) continue;
    const label: ChildServerLabel = name === 'PGlite' ? 'embedded (PGlite)' : 'PostgreSQL';
    const reuse = name === 'PGlite' ? process.env.BENCH_REUSE_DATA_DIR : process.env.BENCH_REUSE_DATABASE_URL;
    const keep = Boolean(reuse) || process.env.BENCH_KEEP_DATA === '1';
    const db = reuse ? { url: name === 'PGlite' ? undefined : reuse, cleanup: async () => {} } : await backend();
    if (!db) continue;
    const dataDir = name === 'PGlite' && reuse ? reuse : mkdtempSync(join(tmpdir(), 'ghg-bench-'));
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', WEB_DIST: join(dataDir, 'no-web'), DATABASE_URL: db.url ?? '', EVENTSTORE_URL: '' };
    let server: ChildServer | null = null;
    const stop = async () => {
      const running = server;
      server = null;
      if (running) await stopChildServer(running).catch(() => running.child.kill('SIGKILL'));
    };
    const target: ChildServerTarget = {
      label,
      dataDir,
      databaseUrl: db.url ?? null,
      reused: Boolean(reuse),
      env,
      restart: async (between) => {
        await stop();
        await between();
        server = await startChildServer(env);
        return server;
      },
    };
    try {
      server = await startChildServer(env);
      results.push(await measure(server, label, target));
    } finally {
      await stop();
      if (keep) console.log(`  ${label}: data kept — BENCH_REUSE_${db.url ? `DATABASE_URL=${db.url}` : `DATA_DIR=${dataDir}`}`);
      else {
        await db.cleanup();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  return results;
}
