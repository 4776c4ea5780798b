import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../core/database';
import { describeEventStoreContract } from '../core/eventStoreContract';
import { comparePositions, type EventMetadata, type EventStore, type NewEvent, type RecordedEvent, type StreamWrite } from '@ghg/events';
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

  it('refuses a batch with an id already in another stream of the log, and appends nothing', async () => {
    const store = await createPostgresEventStore(db);
    const taken = crypto.randomUUID();
    await store.appendToStream('batch-taken', [ev('A', taken)]);
    const head = await store.headPosition();
    const error = await store
      .appendToStreams([
        { streamId: 'batch-fresh-1', events: [ev('B')] },
        { streamId: 'batch-fresh-2', events: [ev('C'), ev('D', taken)], expectedVersion: 'no_stream' },
      ])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'duplicate_event_id', streamId: 'batch-fresh-2', eventId: taken });
    expect(await store.headPosition()).toEqual(head);
    expect(await store.readStream('batch-fresh-1')).toEqual([]);
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

  it('appends 20,000 events to 10,000 streams in one call while appendToStream calls go on, in one gap-free order', async () => {
    const store = await createPostgresEventStore(db, FAST_POLL);
    const writer = await createPostgresEventStore(other);
    const head = await store.headPosition();
    const prefix = crypto.randomUUID();
    // About 1.5 KB of JSON per event, as an imported activity line.
    const line = (i: number, k: number): NewEvent => ({
      type: 'ActivityLineRecorded',
      schemaVersion: 1,
      data: { lineId: `${prefix}-${i}`, k, deal: { count: 12.5, unit: 'kg', amount: 1234.5, item: '軽油 diesel' }, note: 'x'.repeat(1300) },
      metadata: meta,
    });
    const writes: StreamWrite[] = Array.from({ length: 10_000 }, (_, i) => ({
      streamId: `activityLine-${prefix}-${i}`,
      events: [line(i, 0), line(i, 1)],
      expectedVersion: 'no_stream',
    }));
    const seen: RecordedEvent[] = [];
    const sub = store.subscribeToAll({ after: head, onEvent: (e) => void seen.push(e) });
    let batchDone = false;
    const side = new Map<string, number>();
    // Two processes' queues keep appending before, during and after the batch.
    const sideWriters = [store, writer, store, writer].map(async (s, w) => {
      const id = `side-${prefix}-${w}`;
      let n = 0;
      while (!batchDone || n < 3) {
        await s.appendToStream(id, [ev(`Side${w}`)], { expectedVersion: n === 0 ? 'no_stream' : n - 1 });
        side.set(id, ++n);
      }
    });
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    const results = await store.appendToStreams(writes);
    const ms = performance.now() - t0;
    batchDone = true;
    await Promise.all(sideWriters);
    console.log(`appendToStreams on PostgreSQL: 20,000 events (10,000 streams) in ${ms.toFixed(0)} ms, ${Math.round(20_000 / (ms / 1000))} events/s`);

    const all = await store.readAll({ after: head });
    const sideCount = [...side.values()].reduce((a, b) => a + b, 0);
    expect(all).toHaveLength(20_000 + sideCount);
    // Strictly increasing with no gap: a reader by `global_position > checkpoint` skips nothing.
    for (let i = 1; i < all.length; i++) expect(all[i]!.globalPosition.commit - all[i - 1]!.globalPosition.commit).toBe(1n);
    // The batch is one run of consecutive positions in the order of the writes; side appends
    // land before and after it, never inside.
    const first = all.findIndex((e) => e.type === 'ActivityLineRecorded');
    const batch = all.slice(first, first + 20_000);
    expect(batch.map((e) => `${e.streamId}/${e.streamPosition}`)).toEqual(writes.flatMap((w) => [`${w.streamId}/0`, `${w.streamId}/1`]));
    expect(first).toBeGreaterThan(0);
    expect(all.length - first - 20_000).toBeGreaterThan(0);
    results.forEach((r, i) => {
      expect(r.nextExpectedVersion).toBe(1);
      expect(comparePositions(r.lastPosition, batch[2 * i + 1]!.globalPosition)).toBe(0);
    });
    for (const [id, n] of side) expect((await store.readStream(id)).map((e) => e.streamPosition)).toEqual(Array.from({ length: n }, (_, i) => i));
    const deadline = Date.now() + 30_000;
    while (seen.length < all.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await sub.stop();
    expect(seen.map((e) => e.id)).toEqual(all.map((e) => e.id));
    await writer.close();
    await store.close();
  });
});
