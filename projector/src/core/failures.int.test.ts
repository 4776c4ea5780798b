import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { positionToString, type LogPosition, type RecordedEvent } from '@ghg/events';
import type { Database } from '@ghg/eventstore';
import { ProjectorRunner } from './projectorRunner';
import { readCheckpoints } from './checkpoints';
import { readFailures, type ProjectionFailure } from './failures';
import { rebuildProjections } from './rebuild';
import type { Logger } from './logger';
import type { Projection } from './projection';
import { createInMemoryEventStore } from './testing/inMemoryEventStore';
import { openTestReadModelDb, resetTestReadModel, testDbKinds } from './testing/readModelDb';
import { TEST_ITEM_SET, itemSet, readItems, testProjection } from './testing/testProjection';

/** A projection that keeps failing is marked, halted, visible, and repairable. */
const bystander: Projection = { name: 'test/bystander', tables: [], handles: [], apply: async () => {} };

function recordingLogger() {
  const errors: string[] = [];
  const logger: Logger = { debug() {}, info() {}, warn() {}, error: (_obj, msg) => errors.push(msg ?? '') };
  return { logger, errors };
}

const itemOf = (e: RecordedEvent) => (e.data as { itemId: string }).itemId;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A projection that refuses item `c` while `state.broken`, counting its attempts at it. */
function breakable(state: { broken: boolean; attemptsAtC: number }) {
  return testProjection({
    batched: true,
    failOn: (e) => {
      if (itemOf(e) !== 'c') return false;
      state.attemptsAtC += 1;
      return state.broken;
    },
  });
}

async function checkpointOf(db: Database, name: string): Promise<string | null> {
  const cp = (await readCheckpoints(db.knex, [name])).get(name);
  return cp ? positionToString(cp) : null;
}

async function markOf(db: Database, name: string): Promise<ProjectionFailure | undefined> {
  return (await readFailures(db.knex, [name])).get(name);
}

describe.each(testDbKinds)('failed projections on %s', (kind) => {
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

  /** A log whose third event (item c) the breakable projection refuses; returns c and the head. */
  async function poisonedLog() {
    const store = createInMemoryEventStore();
    await store.appendToStream('s', [itemSet('a', 1), itemSet('b', 2), itemSet('c', 3), itemSet('d', 4)]);
    const poison = (await store.readAll()).find((e) => itemOf(e) === 'c')!;
    return { store, poison, head: (await store.headPosition())! };
  }

  /** Runs a live runner until the breakable projection is marked; returns it still running. */
  async function markedRunner(store: ReturnType<typeof createInMemoryEventStore>, head: LogPosition, state: { broken: boolean; attemptsAtC: number }, logger: Logger) {
    const runner = new ProjectorRunner({ db, eventStore: store, projections: [breakable(state), bystander], logger, retryDelayMs: 5, pollIntervalMs: 50 });
    await runner.start();
    await runner.waitForPosition(head, { timeoutMs: 5000 });
    return runner;
  }

  it('marks a projection that keeps failing on one event, halts it, and lets the others reach the head', async () => {
    const { store, poison, head } = await poisonedLog();
    const state = { broken: true, attemptsAtC: 0 };
    const { logger, errors } = recordingLogger();
    const runner = new ProjectorRunner({ db, eventStore: store, projections: [breakable(state), bystander], logger, retryDelayMs: 5 });
    await runner.start();
    try {
      // Waiting before the mark exists: the waiter is released when the projection is marked.
      expect(runner.failedProjections()).toEqual([]);
      await runner.waitForPosition(head, { timeoutMs: 5000 });
      expect(runner.failedProjections()).toEqual(['test/items']);

      const mark = await markOf(db, 'test/items');
      expect(mark).toMatchObject({
        position: poison.globalPosition,
        eventId: poison.id,
        eventType: TEST_ITEM_SET,
        streamId: 's',
        tenantId: 't1',
        attempts: 3,
      });
      // Named although applyBatch ran the four events at once: the runner found the culprit.
      expect(mark!.error).toMatch(/test projection refuses ProjectorTestItemSet at 3/);
      expect(mark!.firstFailedAt.getTime()).toBeLessThanOrEqual(mark!.lastFailedAt.getTime());
      // Halted at its checkpoint (a and b were in the failed batch), while the other one went on.
      expect(await checkpointOf(db, 'test/items')).toBeNull();
      expect(await checkpointOf(db, 'test/bystander')).toBe('4/4');

      // Not retried in a loop, and logged at error level once.
      const attempts = state.attemptsAtC;
      await sleep(150);
      expect(state.attemptsAtC).toBe(attempts);
      expect(errors.filter((m) => m.includes('marked FAILED'))).toHaveLength(1);
      expect(errors[0]).toContain(poison.id);

      // Later writes are not held up by it.
      const { lastPosition } = await store.appendToStream('s', [itemSet('e', 5)]);
      const started = performance.now();
      await runner.waitForPosition(lastPosition, { timeoutMs: 2000 });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(await checkpointOf(db, 'test/bystander')).toBe('5/5');
    } finally {
      await runner.stop();
    }
  });

  it('retries a marked projection once on restart: halted again while broken, caught up and unmarked once fixed', async () => {
    const { store, head } = await poisonedLog();
    const state = { broken: true, attemptsAtC: 0 };
    await (await markedRunner(store, head, state, recordingLogger().logger)).stop();
    expect((await markOf(db, 'test/items'))?.attempts).toBe(3);

    // A restart without the fix: one attempt, then halted again, the attempt added to the mark.
    const before = state.attemptsAtC;
    const again = await markedRunner(store, head, state, recordingLogger().logger);
    await again.stop();
    expect(again.failedProjections()).toEqual(['test/items']);
    expect((await markOf(db, 'test/items'))?.attempts).toBe(4);
    // One attempt is one applyBatch and one replay to find the event.
    expect(state.attemptsAtC - before).toBe(2);

    // A restart with the fix: it gets past the event and the mark goes.
    state.broken = false;
    const fixed = await markedRunner(store, head, state, recordingLogger().logger);
    await fixed.stop();
    expect(fixed.failedProjections()).toEqual([]);
    expect(await markOf(db, 'test/items')).toBeUndefined();
    expect(await checkpointOf(db, 'test/items')).toBe('4/4');
    expect((await readItems(db.knex)).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a rebuild that hits the event fails naming it; a successful one clears the mark and the live runner resumes', async () => {
    const { store, poison, head } = await poisonedLog();
    const state = { broken: true, attemptsAtC: 0 };
    const runner = await markedRunner(store, head, state, recordingLogger().logger);
    const projection = breakable(state);
    try {
      const failedRebuild = await rebuildProjections({ db, eventStore: store, projections: [projection, bystander], names: ['test/items'], logger: recordingLogger().logger }).catch(
        (e: unknown) => e,
      );
      expect(String(failedRebuild)).toContain(`Projection test/items failed on event ${poison.id} (ProjectorTestItemSet, stream s) at position 3/3: test projection refuses`);
      expect(await markOf(db, 'test/items')).toBeDefined();

      state.broken = false;
      await rebuildProjections({ db, eventStore: store, projections: [projection, bystander], names: ['test/items'] });
      expect(await markOf(db, 'test/items')).toBeUndefined();
      expect(await checkpointOf(db, 'test/items')).toBe('4/4');

      // The live runner sees the mark gone (it looks every poll interval) and applies new events again.
      const { lastPosition } = await store.appendToStream('s', [itemSet('e', 5)]);
      const deadline = Date.now() + 5000;
      while (runner.checkpointOf('test/items')?.commit !== lastPosition.commit && Date.now() < deadline) await sleep(20);
      expect(runner.failedProjections()).toEqual([]);
      expect((await readItems(db.knex)).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    } finally {
      await runner.stop();
    }
  });

  it('keeps retrying transient database errors without marking the projection', async () => {
    const store = createInMemoryEventStore();
    let lostConnections = 6;
    const shaky: Projection = {
      name: 'test/shaky',
      tables: [],
      handles: [TEST_ITEM_SET],
      apply: async () => {
        if (lostConnections-- > 0) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
      },
    };
    const runner = new ProjectorRunner({ db, eventStore: store, projections: [shaky], logger: recordingLogger().logger, retryDelayMs: 5, maxAttempts: 2 });
    await runner.start();
    try {
      const { lastPosition } = await store.appendToStream('s', [itemSet('a', 1)]);
      await runner.waitForPosition(lastPosition, { timeoutMs: 5000 });
    } finally {
      await runner.stop();
    }
    expect(lostConnections).toBeLessThan(0);
    expect(runner.failedProjections()).toEqual([]);
    expect(await markOf(db, 'test/shaky')).toBeUndefined();
    expect(await checkpointOf(db, 'test/shaky')).toBe('1/1');
  });
});
