import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore, type Database } from '@ghg/eventstore';
import { eventContracts, type EventStore } from '@ghg/events';
import { extremeData, type Extreme } from '@ghg/events/testing';
import { freshPglite, freshPostgres } from '@ghg/eventstore/testing';
import { migrateReadModels } from './core/migrate';
import { ProjectorRunner } from './core/projectorRunner';
import { rebuildProjections } from './core/rebuild';
import { testDbKinds } from './core/testing/readModelDb';
import { allProjections } from './features';

/**
 * Whatever an event contract allows, the read models store. For every contract in
 * the registry (so a new event is covered the day it is added), its largest and its smallest data
 * are appended to the real log and projected by every projection of the product, live and by a
 * full rebuild, on PGlite and PostgreSQL. A value that a contract accepts and a column cannot hold
 * fails here instead of stalling a projection in production.
 *
 * Within one extreme every id field has the same value, and the registry lists each entity's
 * events in order (added, changed, removed), so a change meets the row its addition wrote.
 */
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const contracts = [...eventContracts.values()];
/** Each event a second later than the one before, so a change is never a no-op on `updated_at`. */
const metadataAt = (n: number) => ({
  actorUserId: null,
  companyId: null,
  tenantId: null,
  correlationId: 'extremes',
  causationId: null,
  occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
});

/** A digest of every row of the tables: equal digests, equal contents. */
async function digest(db: Database, tables: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const r = await db.knex.raw<{ rows: { d: string | null }[] }>(`select md5(string_agg(t::text, '|' order by t::text)) as d from ?? t`, [table]);
    parts.push(`${table}:${r.rows[0]?.d ?? 'empty'}`);
  }
  return parts.join(',');
}

describe.each(testDbKinds)('every event contract at its extremes is stored by every projection (%s)', (kind) => {
  let db: Database;
  let store: EventStore;
  let runner: ProjectorRunner;

  beforeAll(async () => {
    const fresh = kind === 'pglite' ? await freshPglite() : await freshPostgres();
    if (!fresh) throw new Error('DATABASE_URL is not set');
    db = fresh;
    await migrateReadModels(db.knex);
    store = await createPostgresEventStore(db);
    runner = new ProjectorRunner({ db, eventStore: store, projections: allProjections, logger: quiet });
  });
  afterAll(async () => {
    await store?.close();
    await db?.close();
  });

  it.each(['max', 'min'] as Extreme[])('%s: appended, projected live, and each event changes the read models that handle it', async (extreme) => {
    const unchanged: string[] = [];
    let n = 0;
    for (const contract of contracts) {
      n += 1;
      const data = extremeData(contract, extreme);
      // What the log accepts: the command layer validates every event against its contract.
      expect(contract.schema.safeParse(data).success, contract.type).toBe(true);
      // Every read model that handles the event must change (the audit log among them). An event none
      // handles (credentials, facts deciders read from their own streams) is kept in the log only.
      const handlers = allProjections.filter((p) => p.handles.includes(contract.type));
      const tables = [...new Set(handlers.flatMap((p) => p.tables))];
      const before = await digest(db, tables);
      // One stream per extreme: each event a new stream version, as a real entity's history.
      await store.appendToStream(`extremes-${extreme}`, [{ id: randomUUID(), type: contract.type, schemaVersion: contract.schemaVersion, data, metadata: metadataAt(n) }]);
      // Throws the first projection failure, naming the projection and the event.
      await runner.runUntilCaughtUp();
      if (tables.length > 0 && (await digest(db, tables)) === before) unchanged.push(`${contract.type} (${tables.join(', ')})`);
    }
    expect(unchanged).toEqual([]);
  }, 120_000);

  it('a full rebuild replays them all into read models equal to the live ones', async () => {
    const tables = [...new Set(allProjections.flatMap((p) => p.tables))];
    const live = await digest(db, tables);
    await rebuildProjections({ db, eventStore: store, projections: allProjections, names: 'all', logger: quiet });
    expect(await digest(db, tables)).toBe(live);
  }, 120_000);
});
