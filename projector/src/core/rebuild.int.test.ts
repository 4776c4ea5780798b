import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { positionToString, type EventStore, type NewEvent } from '@ghg/events';
import type { Database } from '@ghg/eventstore';
import { ProjectorRunner, ProjectionFailedError } from './projectorRunner';
import { readCheckpoints } from './checkpoints';
import { rebuildProjections, UnknownProjectionError, type RebuildProgress } from './rebuild';
import { runRebuildCli } from './rebuildCli';
import type { Projection } from './projection';
import { createInMemoryEventStore } from './testing/inMemoryEventStore';
import { createMemoryChangeBus } from './testing/memoryChangeBus';
import { openTestReadModelDb, resetTestReadModel, testDbKinds } from './testing/readModelDb';
import { TEST_ITEM_SET, TEST_OTHER, itemRemoved, itemSet, otherEvent, readCounter, readItems, testProjection } from './testing/testProjection';

const kinds = testDbKinds;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const bystander: Projection = { name: 'test/bystander', tables: [], handles: [], apply: async () => {} };

/** Index, constraint and sequence names of a table: a swap must give all of them back. */
async function schemaNames(db: Database, table: string): Promise<string[]> {
  const r = await db.knex.raw<{ rows: { name: string }[] }>(
    `select relname as name from pg_class where oid in (select indexrelid from pg_index where indrelid = to_regclass(?))
     union select conname from pg_constraint where conrelid = to_regclass(?)
     order by 1`,
    [table, table],
  );
  return r.rows.map((x) => x.name);
}

async function leftoverCopies(db: Database): Promise<string[]> {
  const r = await db.knex.raw<{ rows: { name: string }[] }>(`select tablename as name from pg_tables where tablename like '%\\_\\_rebuild'`);
  return r.rows.map((x) => x.name);
}

let seq = 0;
function someEvents(n: number): NewEvent[] {
  return Array.from({ length: n }, () => {
    seq += 1;
    if (seq % 11 === 0) return otherEvent();
    if (seq % 7 === 0) return itemRemoved(`i${seq % 13}`);
    return itemSet(`i${seq % 13}`, seq);
  });
}

async function appendMany(store: EventStore, count: number): Promise<void> {
  for (let i = 0; i < count; i += 10) await store.appendToStream(`s${(i / 10) % 4}`, someEvents(Math.min(10, count - i)));
}

describe.each(kinds)('rebuildProjections on %s', (kind) => {
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

  it('rebuilds rows identical to the live projection, keeps schema names, and can run again', async () => {
    const store = createInMemoryEventStore();
    await appendMany(store, 250);
    await new ProjectorRunner({ db, eventStore: store, projections: [testProjection(), bystander] }).runUntilCaughtUp();
    const live = { items: await readItems(db.knex), counter: await readCounter(db.knex) };
    const names = await schemaNames(db, 'test_items');
    expect(names).toContain('test_items_value_idx');

    // Spoil the live table, as a buggy projection version would have.
    await db.knex('test_items').update({ value: -1 });
    const progress: RebuildProgress[] = [];
    const result = await rebuildProjections({
      db,
      eventStore: store,
      projections: [testProjection(), bystander],
      names: ['test/items'],
      batchSize: 40,
      onProgress: (p) => progress.push(p),
    });
    expect(result.events).toBe(250);
    expect(await readItems(db.knex)).toEqual(live.items);
    expect(await readCounter(db.knex)).toBe(live.counter);
    expect(await schemaNames(db, 'test_items')).toEqual(names);
    expect(await leftoverCopies(db)).toEqual([]);
    expect(progress.at(-1)).toMatchObject({ phase: 'swapped', eventsDone: 250 });
    expect(progress.length).toBeGreaterThan(5);

    const second = await rebuildProjections({ db, eventStore: store, projections: [testProjection(), bystander], names: 'all' });
    expect(second.projections).toEqual(['test/items', 'test/bystander']);
    expect(await readItems(db.knex)).toEqual(live.items);
    expect(await schemaNames(db, 'test_items')).toEqual(names);
    const cps = await readCheckpoints(db.knex, ['test/items', 'test/bystander']);
    expect([...cps.values()].map((c) => c && positionToString(c))).toEqual(['250/250', '250/250']);
  });

  it('swaps atomically while the live runner keeps applying new events', async () => {
    const store = createInMemoryEventStore();
    await appendMany(store, 1000);
    const bus = createMemoryChangeBus();
    const runner = new ProjectorRunner({ db, eventStore: store, projections: [testProjection(), bystander], changeBus: bus, logger: quiet });
    await runner.runUntilCaughtUp();
    await runner.start();

    let writing = true;
    const writer = (async () => {
      // Slower than the rebuild reads, or it would never catch up (appends here cost nothing).
      while (writing) {
        await appendMany(store, 5);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    // Readers must always find the table, and never see the counter go backwards.
    let readerErrors = 0;
    let reads = 0;
    let lastSeen = 0;
    let regressions = 0;
    let reading = true;
    const reader = (async () => {
      while (reading) {
        try {
          const n = await readCounter(db.knex);
          if (n < lastSeen) regressions += 1;
          lastSeen = n;
          reads += 1;
        } catch {
          readerErrors += 1;
        }
        await new Promise((r) => setTimeout(r, 1));
      }
    })();

    try {
      const result = await rebuildProjections({ db, eventStore: store, projections: [testProjection(), bystander], names: ['test/items'], batchSize: 25, changeBus: bus });
      expect(result.events).toBeGreaterThanOrEqual(1000);
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      writing = false;
      await writer;
      const head = (await store.headPosition())!;
      await runner.waitForPosition(head, { timeoutMs: 20_000 }).finally(() => runner.stop());
      reading = false;
      await reader;
    }
    expect(readerErrors).toBe(0);
    expect(reads).toBeGreaterThan(3);
    // A short step back would only be possible if the swap lost the live runner's work.
    expect(regressions).toBe(0);

    // Everything applied exactly once across the swap: compare with a from-scratch projection.
    const rebuilt = { items: await readItems(db.knex), counter: await readCounter(db.knex) };
    await resetTestReadModel(db);
    await new ProjectorRunner({ db, eventStore: store, projections: [testProjection()] }).runUntilCaughtUp();
    expect(rebuilt).toEqual({ items: await readItems(db.knex), counter: await readCounter(db.knex) });
    expect(bus.published.some((n) => n.topic === 'test/items' && n.ids.length > 0)).toBe(true);
  });

  it('tells listeners after the swap which topics changed: one notice per topic and company without row ids, user notices with theirs', async () => {
    const store = createInMemoryEventStore();
    await appendMany(store, 120);
    // Like account/user: a notice no company routes, which /api/live delivers by the user's id.
    const users: Projection = {
      name: 'test/users',
      tables: [],
      handles: [TEST_ITEM_SET],
      apply: async (event, ctx) => ctx.notify({ topic: 'account/user', companyId: null, tenantId: 't1', ids: [(event.data as { itemId: string }).itemId] }),
    };
    const bus = createMemoryChangeBus();
    const readAtNotice: Promise<unknown>[] = [];
    bus.subscribe(() => readAtNotice.push(readItems(db.knex)));
    const result = await rebuildProjections({ db, eventStore: store, projections: [testProjection(), users], names: 'all', batchSize: 25, changeBus: bus, logger: quiet });
    const position = positionToString(result.position!);
    const itemIds = [...new Set((await store.readAll()).filter((e) => e.type === TEST_ITEM_SET).map((e) => (e.data as { itemId: string }).itemId))];
    expect([...bus.published].sort((a, b) => a.topic.localeCompare(b.topic))).toEqual([
      { topic: 'account/user', companyId: null, tenantId: 't1', ids: expect.arrayContaining(itemIds), position },
      { topic: 'test/items', companyId: 'c1', tenantId: 't1', ids: [], position },
    ]);
    expect(bus.published.find((n) => n.topic === 'account/user')!.ids).toHaveLength(itemIds.length);
    // Published once the swap has committed: a listener that re-reads at once gets the rebuilt rows.
    expect(readAtNotice).toHaveLength(1);
    expect(await readAtNotice[0]).toEqual(await readItems(db.knex));
  });

  it('leaves the live tables alone when the rebuild fails, and cleans up its copies', async () => {
    const store = createInMemoryEventStore();
    await appendMany(store, 60);
    await new ProjectorRunner({ db, eventStore: store, projections: [testProjection()] }).runUntilCaughtUp();
    const before = await readItems(db.knex);
    // From 45 on: which type event 45 has depends on how many events earlier tests appended.
    const broken = testProjection({ failOn: (e) => e.globalPosition.commit >= 45n });
    const error = await rebuildProjections({ db, eventStore: store, projections: [broken], names: 'all', batchSize: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectionFailedError);
    expect((error as ProjectionFailedError).message).toMatch(
      /^Projection test\/items failed on event [0-9a-f-]{36} \(ProjectorTestItem\w+, stream s\d\) at position (4[5-9])\/\1: test projection refuses/,
    );
    expect(await readItems(db.knex)).toEqual(before);
    expect(await leftoverCopies(db)).toEqual([]);
  });

  it('refuses unknown projections and tables shared with a projection left out', async () => {
    const store = createInMemoryEventStore();
    const opts = { db, eventStore: store, projections: [testProjection(), bystander] };
    await expect(rebuildProjections({ ...opts, names: ['nope'] })).rejects.toBeInstanceOf(UnknownProjectionError);
    const twin = { ...testProjection(), name: 'test/twin' };
    await expect(rebuildProjections({ ...opts, projections: [testProjection(), twin], names: ['test/twin'] })).rejects.toThrow(
      /also written by test\/items/,
    );
  });

  it('runs from the command line with a usage error for unknown names', async () => {
    const store = createInMemoryEventStore();
    await appendMany(store, 30);
    const out: string[] = [];
    const err: string[] = [];
    const deps = {
      db,
      eventStore: store,
      projections: [testProjection(), bystander],
      stdout: { write: (s: string) => out.push(s) },
      stderr: { write: (s: string) => err.push(s), isTTY: false },
    };
    expect(await runRebuildCli(['test/itemz'], deps)).toBe(2);
    expect(err.join('')).toMatch(/Unknown projection: test\/itemz[\s\S]*Projections: test\/items, test\/bystander/);
    expect(await runRebuildCli(['test/items'], deps)).toBe(0);
    expect(out.join('')).toMatch(/Rebuilt test\/items: 30 events/);
    const handled = (await store.readAll()).filter((e) => e.type !== TEST_OTHER).length;
    expect(await readCounter(db.knex)).toBe(handled);
  });
});
