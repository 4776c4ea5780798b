import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { positionToString, type LogPosition } from '@ghg/events';
import type { Database } from '@ghg/eventstore';
import { ProjectorRunner, ProjectionFailedError } from './projectorRunner';
import { readCheckpoints } from './checkpoints';
import type { Projection } from './projection';
import { createInMemoryEventStore } from './testing/inMemoryEventStore';
import { createMemoryChangeBus } from './testing/memoryChangeBus';
import { openTestReadModelDb, resetTestReadModel, testDbKinds } from './testing/readModelDb';
import { itemRemoved, itemSet, otherEvent, readCounter, readItems, testProjection, TEST_ITEM_SET } from './testing/testProjection';

const kinds = testDbKinds;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** A projection that owns no table: shows that skipped events still move a checkpoint. */
const bystander: Projection = { name: 'test/bystander', tables: [], handles: [], apply: async () => {} };

async function checkpointOf(db: Database, name: string): Promise<string | null> {
  const cp = (await readCheckpoints(db.knex, [name])).get(name);
  return cp ? positionToString(cp) : null;
}

describe.each(kinds)('ProjectorRunner on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestReadModelDb(kind);
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await resetTestReadModel(db);
  });

  it('applies each event once, however often it runs, and records the checkpoint', async () => {
    const store = createInMemoryEventStore();
    await store.appendToStream('item-a', [itemSet('a', 1), itemSet('a', 2)]);
    await store.appendToStream('item-b', [itemSet('b', 5), otherEvent(), itemRemoved('a')]);

    const runner = new ProjectorRunner({ db, eventStore: store, projections: [testProjection(), bystander], batchSize: 2 });
    await runner.runUntilCaughtUp();
    await runner.runUntilCaughtUp();
    // A second runner (as after a restart) starts from the stored checkpoint.
    await new ProjectorRunner({ db, eventStore: store, projections: [testProjection(), bystander] }).runUntilCaughtUp();

    expect(await readItems(db.knex)).toEqual([{ id: 'b', value: 5, updates: 1 }]);
    expect(await readCounter(db.knex)).toBe(4);
    expect(await checkpointOf(db, 'test/items')).toBe('5/5');
    expect(await checkpointOf(db, 'test/bystander')).toBe('5/5');
  });

  it('reads larger batches while catching up: after a full batch, up to catchUpBatchSize at a time', async () => {
    const store = createInMemoryEventStore();
    for (let i = 0; i < 25; i++) await store.appendToStream(`item-${i}`, [itemSet(`i${i}`, i)]);
    const sizes: number[] = [];
    const sizing: Projection = { name: 'test/sizes', tables: [], handles: [TEST_ITEM_SET], apply: async () => {}, applyBatch: async (events) => void sizes.push(events.length) };
    const runner = new ProjectorRunner({ db, eventStore: store, projections: [sizing], batchSize: 2, catchUpBatchSize: 10 });
    await runner.runUntilCaughtUp();
    expect(sizes).toEqual([2, 10, 10, 3]);
    // Caught up: the next event is read in a batch of the live size again.
    await store.appendToStream('item-x', [itemSet('x', 1), itemSet('x', 2), itemSet('x', 3)]);
    await runner.runUntilCaughtUp();
    expect(sizes.slice(4)).toEqual([2, 1]);
  });

  it('commits rows and checkpoint together: a throw mid-batch moves neither', async () => {
    const store = createInMemoryEventStore();
    await store.appendToStream('s', [itemSet('a', 1), itemSet('b', 2), itemSet('c', 3), itemSet('d', 4)]);
    const failing = testProjection({ failOn: (e) => (e.data as { itemId: string }).itemId === 'c' });
    const runner = new ProjectorRunner({ db, eventStore: store, projections: [failing, bystander], logger: quiet });

    const error = await runner.runUntilCaughtUp().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectionFailedError);
    expect((error as ProjectionFailedError).event?.globalPosition.commit).toBe(3n);
    // Rows a and b were written before the throw in the same batch: rolled back with it.
    expect(await readItems(db.knex)).toEqual([]);
    expect(await readCounter(db.knex)).toBe(0);
    expect(await checkpointOf(db, 'test/items')).toBeNull();
    // The other projection's work in the same transaction is kept.
    expect(await checkpointOf(db, 'test/bystander')).toBe('4/4');

    await new ProjectorRunner({ db, eventStore: store, projections: [testProjection(), bystander] }).runUntilCaughtUp();
    expect(await readCounter(db.knex)).toBe(4);
  });

  it('retries a failing projection with backoff while running, without losing or skipping events', async () => {
    const store = createInMemoryEventStore();
    let broken = true;
    const flaky = testProjection({ failOn: (e) => broken && (e.data as { itemId: string }).itemId === 'b' });
    // Enough attempts that it is still retrying, not marked failed, when the cause goes away.
    const runner = new ProjectorRunner({ db, eventStore: store, projections: [flaky], logger: quiet, retryDelayMs: 20, maxAttempts: 1000 });
    await runner.start();
    try {
      await store.appendToStream('s', [itemSet('a', 1)]);
      await runner.waitForPosition({ commit: 1n, prepare: 1n });
      await store.appendToStream('s', [itemSet('b', 2), itemSet('c', 3)]);
      await new Promise((r) => setTimeout(r, 150));
      expect(runner.checkpointOf('test/items')?.commit).toBe(1n);
      broken = false;
      await runner.waitForPosition({ commit: 3n, prepare: 3n }, { timeoutMs: 5000 });
    } finally {
      await runner.stop();
    }
    expect((await readItems(db.knex)).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(await readCounter(db.knex)).toBe(3);
  });

  it('publishes merged notices after commit, with ids and position, and wakes on live events', async () => {
    const store = createInMemoryEventStore();
    const bus = createMemoryChangeBus();
    const seen: { ids: string[]; position: string; rows: number }[] = [];
    bus.subscribe((notices) => {
      for (const n of notices) seen.push({ ids: n.ids, position: n.position, rows: -1 });
    });
    const runner = new ProjectorRunner({ db, eventStore: store, projections: [testProjection()], changeBus: bus, pollIntervalMs: 60_000 });
    await runner.start();
    try {
      const latencies: number[] = [];
      for (let i = 0; i < 20; i++) {
        const noticed = new Promise<void>((resolve) => {
          const off = bus.subscribe(() => (off(), resolve()));
        });
        const t0 = performance.now();
        await store.appendToStream(`s${i % 3}`, [itemSet(`x${i}`, i), itemSet(`y${i}`, i)]);
        await noticed;
        latencies.push(performance.now() - t0);
        // The notice must describe committed state: the rows are visible to another reader.
        const rows = await db.knex('test_items').whereIn('id', [`x${i}`, `y${i}`]).count<{ count: string }[]>('* as count');
        seen.at(-1)!.rows = Number(rows[0]!.count);
      }
      latencies.sort((a, b) => a - b);
      expect(latencies.at(-1)!).toBeLessThan(1000); // woke without waiting for the 60 s poll
      console.log(`${kind}: append→notice latency median ${latencies[10]!.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
    } finally {
      await runner.stop();
    }
    expect(seen.length).toBeGreaterThanOrEqual(20);
    const last = seen.at(-1)!;
    expect(last.position).toBe('40/40');
    expect(last.rows).toBe(2);
    // Both events of an append can arrive in one batch: their notices merge into one.
    const ids = new Set(seen.flatMap((n) => n.ids));
    expect(ids.size).toBe(40);
  });

  it('waitForPosition resolves once the projections reflect an appended event', async () => {
    const store = createInMemoryEventStore();
    const runner = new ProjectorRunner({ db, eventStore: store, projections: [testProjection(), bystander] });
    await runner.start();
    try {
      const { lastPosition } = await store.appendToStream('s', [itemSet('a', 7)]);
      await runner.waitForPosition(lastPosition, { timeoutMs: 5000 });
      expect(await readItems(db.knex)).toEqual([{ id: 'a', value: 7, updates: 1 }]);
      await expect(runner.waitForPosition({ commit: 99n, prepare: 99n }, { timeoutMs: 50 })).rejects.toThrow(/did not reach/);
    } finally {
      await runner.stop();
    }
  });

  it('lets several runners tail one database without applying anything twice', async () => {
    const store = createInMemoryEventStore();
    // On PostgreSQL each runner has its own pool, as separate processes would.
    const second = kind === 'postgres' ? await openSecondConnection(db) : db;
    const runners = [db, second, db].map(
      (d) => new ProjectorRunner({ db: d, eventStore: store, projections: [testProjection({ delayMs: 1 }), bystander], batchSize: 7 }),
    );
    try {
      await Promise.all(runners.map((r) => r.start()));
      let last: LogPosition | null = null;
      for (let i = 0; i < 30; i++) {
        ({ lastPosition: last } = await store.appendToStream(`s${i % 5}`, Array.from({ length: 5 }, (_, j) => itemSet(`i${i}-${j}`, j))));
        if (i % 10 === 0) await new Promise((r) => setTimeout(r, 5));
      }
      await Promise.all(runners.map((r) => r.waitForPosition(last!, { timeoutMs: 20_000 })));
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
      if (second !== db) await second.close();
    }
    expect(await readCounter(db.knex)).toBe(150);
    expect((await readItems(db.knex)).every((r) => r.updates === 1)).toBe(true);
    expect(await checkpointOf(db, 'test/items')).toBe('150/150');
  });
});

async function openSecondConnection(db: Database): Promise<Database> {
  const { openDatabase } = await import('@ghg/eventstore');
  if (db.config.kind !== 'postgres') throw new Error('postgres only');
  return openDatabase({ kind: 'postgres', url: db.config.url });
}
