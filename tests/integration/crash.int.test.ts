import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, openInfrastructure } from '@ghg/app';
import { allProjections, rebuildProjections } from '@ghg/projector';
import { childExited, startChildServer, stopChildServer, type ChildServer } from './childServer';
import { backends } from './embeddedApp';
import { loginOver, prepareLoad, runClients, type CommandResult } from './commandLoad';
import { readModelSnapshot } from './readModelSnapshot';

/**
 * The crash test: the real server in a child process (as `npm start` runs it) under a
 * steady command load is killed with SIGKILL and started again on the same data. Every command
 * it acknowledged must be in the log and in the read models, and every read model must equal a
 * fresh rebuild from the log.
 */
const ACKS_BEFORE_KILL = 60;

for (const [name, backend] of backends) {
  describe.skipIf(name === 'PostgreSQL' && !process.env.DATABASE_URL)(`crash under load on ${name}`, () => {
    it('keeps every acknowledged command, and read models equal to a fresh rebuild, after SIGKILL and restart', async () => {
      const db = (await backend())!;
      const dataDir = mkdtempSync(join(tmpdir(), 'ghg-crash-'));
      // DATABASE_URL '' keeps a PGlite run on PGlite when the test process has one set.
      const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', WEB_DIST: join(dataDir, 'no-web'), DATABASE_URL: db.url ?? '', EVENTSTORE_URL: '' };
      let server: ChildServer | null = null;
      try {
        server = await startChildServer(env);
        const target = await prepareLoad(server.url);
        const acknowledged: CommandResult[] = [];
        let killed = false;
        const first = server;
        await runClients({
          target,
          clients: 4,
          addsOnly: true,
          stop: () => killed,
          onResult: (r) => {
            if (r.status !== 200) return;
            acknowledged.push(r);
            // Killed while the other clients' commands are in flight.
            if (acknowledged.length === ACKS_BEFORE_KILL && !killed) {
              killed = true;
              first.child.kill('SIGKILL');
            }
          },
        });
        await childExited(first.child);
        expect(first.child.signalCode).toBe('SIGKILL');

        // The killed process's lock file must not stop the restart.
        server = await startChildServer(env);
        await loginOver(server.url);
        expect(await stopChildServer(server)).toBe(0);
        server = null;

        const infra = await openInfrastructure(loadConfig(env));
        try {
          const ids = acknowledged.map((r) => ({ table: r.command.table, id: r.body[r.command.answerKey].id as string }));
          const logged = new Set((await infra.eventStore.readAll()).map((e) => (e.data as { id?: string }).id));
          expect(ids.filter(({ id }) => !logged.has(id)), 'acknowledged but not in the log').toEqual([]);
          const missing = [];
          for (const { table, id } of ids) if (!(await infra.db.knex(table).where({ id }).first())) missing.push({ table, id });
          expect(missing, 'acknowledged but not in the read model').toEqual([]);

          const tables = [...new Set(allProjections.flatMap((p) => p.tables))];
          const before = await readModelSnapshot(infra.db.knex, tables);
          await rebuildProjections({ db: infra.db, eventStore: infra.eventStore, projections: allProjections, names: 'all' });
          expect(await readModelSnapshot(infra.db.knex, tables)).toEqual(before);
          console.log(`crash on ${name}: ${acknowledged.length} commands acknowledged before SIGKILL, all present; ${tables.length} read-model tables equal a fresh rebuild`);
        } finally {
          await infra.close();
        }
      } finally {
        if (server) {
          server.child.kill('SIGKILL');
          await childExited(server.child);
        }
        await db.cleanup();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 150_000);
  });
}
