import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../core/database';
import { describeEventStoreContract } from '../core/eventStoreContract';
import type { EventMetadata, EventStore, NewEvent } from '@ghg/events';
import { freshPglite, freshPostgres } from '../testing/freshDatabase';
import { createPostgresEventStore } from './postgresEventStore';

const FAST_POLL = { pollIntervalMs: 50 };

describeEventStoreContract('PGlite', async (options) => {
  const db = await freshPglite();
  const store = await createPostgresEventStore(db, { ...FAST_POLL, ...options });
  return {
    store,
    // PGlite is one connection: a second store shares the knex instance (and its queue of one).
    openAnother: () => createPostgresEventStore(db, FAST_POLL),
    cleanup: async () => {
      await store.close();
      await db.close();
    },
  };
});

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.log('PostgreSQL contract not run: DATABASE_URL unset');

describe.skipIf(!databaseUrl)('PostgreSQL', () => {
  describeEventStoreContract('PostgreSQL', async (options) => {
    const db = (await freshPostgres())!;
    const url = (db.config as { url: string }).url;
    const extra: Database[] = [];
    const store = await createPostgresEventStore(db, { ...FAST_POLL, ...options });
    return {
      store,
      // Own pool, own LISTEN connection: the advisory lock and NOTIFY work across connections.
      openAnother: async () => {
        const other = await openDatabase({ kind: 'postgres', url });
        extra.push(other);
        return createPostgresEventStore(other, FAST_POLL);
      },
      cleanup: async () => {
        await store.close();
        for (const other of extra) await other.close();
        await db.close();
      },
    };
  });
});

const meta: EventMetadata = {
  actorUserId: null,
  companyId: null,
  tenantId: null,
  correlationId: 'c',
  causationId: null,
  occurredAt: '2025-01-01T00:00:00.000Z',
};
const ev = (type: string, id?: string): NewEvent => ({ type, schemaVersion: 1, data: {}, metadata: meta, ...(id ? { id } : {}) });

/** Waits for the next delivered event and returns how long it took after `append` began. */
async function deliveryLatency(subscriber: EventStore, writer: EventStore): Promise<number> {
  const head = await subscriber.headPosition();
  let delivered: () => void = () => {};
  let caughtUp: () => void = () => {};
  const arrived = new Promise<void>((r) => (delivered = r));
  const ready = new Promise<void>((r) => (caughtUp = r));
  const sub = subscriber.subscribeToAll({ after: head, onEvent: () => delivered(), onCaughtUp: () => caughtUp() });
  await ready;
  await new Promise((r) => setTimeout(r, 100));
  const t0 = performance.now();
  await writer.appendToStream(`latency-${t0}`, [ev('Ping')]);
  await arrived;
  const ms = performance.now() - t0;
  await sub.stop();
  return ms;
}

describe('PGlite specifics', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshPglite();
  });
  afterAll(async () => {
    await db.close();
  });

  it('creates its schema idempotently', async () => {
    const a = await createPostgresEventStore(db);
    const b = await createPostgresEventStore(db);
    await a.appendToStream('schema', [ev('A')]);
    expect(await b.readStream('schema')).toHaveLength(1);
    await a.close();
    await b.close();
  });

  it('wakes subscribers of another store over the same database at once, not at the next poll', async () => {
    const subscriber = await createPostgresEventStore(db, { pollIntervalMs: 60_000 });
    const writer = await createPostgresEventStore(db, { pollIntervalMs: 60_000 });
    expect(await deliveryLatency(subscriber, writer)).toBeLessThan(500);
    await subscriber.close();
    await writer.close();
  });

  it('fails only the bad append of a group committed together', async () => {
    const store = await createPostgresEventStore(db);
    const dup = crypto.randomUUID();
    await store.appendToStream('group-0', [ev('A', dup)]);
    const results = await Promise.allSettled([
      store.appendToStream('group-1', [ev('B')]),
      store.appendToStream('group-2', [ev('C', dup)]),
      store.appendToStream('group-3', [ev('D')], { expectedVersion: 'no_stream' }),
      store.appendToStream('group-1', [ev('E')], { expectedVersion: 0 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    // Ids are unique across the whole log here (EventStoreDB checks them per stream only).
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'duplicate_event_id', streamId: 'group-2', eventId: dup });
    expect((await store.readStream('group-1')).map((e) => e.type)).toEqual(['B', 'E']);
    expect(await store.readStream('group-2')).toEqual([]);
    await store.close();
  });

  it('refuses calls after close', async () => {
    const store = await createPostgresEventStore(db);
    await store.close();
    await expect(store.readAll()).rejects.toThrow('closed');
  });
});

describe.skipIf(!databaseUrl)('PostgreSQL specifics', () => {
  let db: Database;
  let other: Database;
  beforeAll(async () => {
    db = (await freshPostgres())!;
    other = await openDatabase({ kind: 'postgres', url: (db.config as { url: string }).url });
  });
  afterAll(async () => {
    await other?.close();
    await db?.close();
  });

  it('creates its schema idempotently, also when two processes race', async () => {
    await Promise.all([createPostgresEventStore(db), createPostgresEventStore(other), createPostgresEventStore(db)]);
  });

  it('wakes a subscriber in another process through NOTIFY, not at the next poll', async () => {
    const subscriber = await createPostgresEventStore(other, { pollIntervalMs: 60_000 });
    const writer = await createPostgresEventStore(db, { pollIntervalMs: 60_000 });
    expect(await deliveryLatency(subscriber, writer)).toBeLessThan(500);
    await subscriber.close();
    await writer.close();
  });

  it('closes its LISTEN connection when the last subscription stops', async () => {
    const store = await createPostgresEventStore(db);
    const listeners = async () =>
      Number(
        (await other.knex.raw<{ rows: { n: string }[] }>(
          "select count(*)::text as n from pg_stat_activity where datname = current_database() and query ilike 'listen%'",
        )).rows[0]!.n,
      );
    const before = await listeners();
    const sub = store.subscribeToAll({ onEvent: () => {} });
    await new Promise((r) => setTimeout(r, 300));
    expect(await listeners()).toBe(before + 1);
    await sub.stop();
    await new Promise((r) => setTimeout(r, 300));
    expect(await listeners()).toBe(before);
    await store.close();
  });
});
