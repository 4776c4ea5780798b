import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEventStoreContract, testEvent } from '../core/eventStoreContract';
import { WrongExpectedVersionError, type EventStore, type RecordedEvent } from '@ghg/events';
import { SubscriptionEndedError, createEventStoreDbEventStore } from './esdbEventStore';
import { startLoopbackEsdbServer, type LoopbackEsdbServer } from './loopbackEsdbServer';

// The adapter with the real @eventstore/db-client over real gRPC, against a loopback server
// built from the client's own protobuf stubs (loopbackEsdbServer.ts). No EventStoreDB server or
// container is needed, so this always runs; esdbEventStore.int.test.ts covers a real server.

const ev = testEvent;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually<T>(read: () => T, expected: T, what: string, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (read() !== expected) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: still ${String(read())}, expected ${String(expected)}`);
    await sleep(5);
  }
}

describeEventStoreContract('EventStoreDB adapter, real client over a loopback gRPC server', async (options) => {
  const server = await startLoopbackEsdbServer();
  const store = await createEventStoreDbEventStore(server.url, options);
  return {
    store,
    openAnother: () => createEventStoreDbEventStore(server.url),
    cleanup: async () => {
      await store.close();
      await server.stop();
    },
  };
});

describe('EventStoreDB adapter over the loopback server', () => {
  let server: LoopbackEsdbServer;
  let store: EventStore;
  const fast = { resubscribe: { initialDelayMs: 20, maxDelayMs: 100 } };

  beforeAll(async () => {
    server = await startLoopbackEsdbServer();
    store = await createEventStoreDbEventStore(server.url, fast);
  });
  afterAll(async () => {
    await store?.close();
    await server?.stop();
  });

  it('pages reads with the count sent to the server and leaves no server stream open', async () => {
    // More than HTTP/2 flow control lets a server push unread: a stream that the client stops
    // reading without cancelling it stays open on the server.
    const filler = 'x'.repeat(400);
    for (let i = 0; i < 12; i++) {
      await store.appendToStream(`bulk-${i}`, Array.from({ length: 100 }, (_, k) => ev('Bulk', { i, k, filler })));
    }
    const head = await store.headPosition();
    const reads = server.readCounts.length;
    // What one projector batch and one rebuild page do, ten times over.
    for (let i = 0; i < 10; i++) {
      expect(await store.headPosition()).toEqual(head);
      expect((await store.readAll({ maxCount: 5 })).map((e) => e.type)).toEqual(['Bulk', 'Bulk', 'Bulk', 'Bulk', 'Bulk']);
    }
    await eventually(() => server.openReads(), 0, 'the server to see every read call ended');
    const counts = server.readCounts.slice(reads);
    expect(counts.length).toBeGreaterThanOrEqual(20);
    for (const count of counts) expect(count).toBeLessThanOrEqual(501n);
    // Paging loses nothing: the whole log and a window in the middle, system events skipped.
    const all = await store.readAll();
    expect(all).toHaveLength(1200);
    expect(all.map((e) => (e.data as { i: number; k: number }).i * 100 + (e.data as { k: number }).k)).toEqual(all.map((_, j) => j));
    expect((await store.readAll({ after: all[549]!.globalPosition, maxCount: 600 })).map((e) => e.id)).toEqual(all.slice(550, 1150).map((e) => e.id));
    await eventually(() => server.openReads(), 0, 'the server to see every read call ended');
  });

  it('ends the server-side subscription when stopped', async () => {
    const sub = store.subscribeToAll({ after: await store.headPosition(), onEvent: () => {} });
    await eventually(() => server.openSubscriptions(), 1, 'the subscription to start');
    await sub.stop();
    await eventually(() => server.openSubscriptions(), 0, 'the server to see the subscription cancelled');
  });

  it('reports a subscription that the server ends without an error', async () => {
    const errors: unknown[] = [];
    const seen: string[] = [];
    const id = `ended-${randomUUID()}`;
    const sub = store.subscribeToAll({ after: await store.headPosition(), onEvent: (e) => void seen.push(e.type), onError: (e) => void errors.push(e) });
    await eventually(() => server.openSubscriptions(), 1, 'the subscription to start');
    await store.appendToStream(id, [ev('A')]);
    await eventually(() => seen.length, 1, 'the event');
    server.endSubscriptions();
    await eventually(() => errors.length, 1, 'onError');
    expect(errors[0]).toBeInstanceOf(SubscriptionEndedError);
    expect((errors[0] as Error).message).toMatch(/ended the \$all subscription without an error/);
    await sub.stop();
    expect(errors).toHaveLength(1);
  });

  it('reports a subscription that the server ends with an error other than a lost connection', async () => {
    const errors: unknown[] = [];
    const sub = store.subscribeToAll({ after: await store.headPosition(), onEvent: () => {}, onError: (e) => void errors.push(e) });
    await eventually(() => server.openSubscriptions(), 1, 'the subscription to start');
    server.failSubscriptions('internal');
    await eventually(() => errors.length, 1, 'onError');
    expect((errors[0] as Error).message).toMatch(/Something broke in the server/);
    await sleep(100);
    expect(server.openSubscriptions()).toBe(0);
    await sub.stop();
  });

  for (const failure of ['unavailable', 'not-leader'] as const) {
    it(`resubscribes after ${failure} from the last delivered event, delivering each event once`, async () => {
      const id = `reconnect-${randomUUID()}`;
      const errors: unknown[] = [];
      const seen: RecordedEvent[] = [];
      const sub = store.subscribeToAll({ after: await store.headPosition(), onEvent: (e) => void seen.push(e), onError: (e) => void errors.push(e) });
      try {
        await eventually(() => server.openSubscriptions(), 1, 'the subscription to start');
        await store.appendToStream(id, [ev('A'), ev('B')]);
        await eventually(() => seen.length, 2, 'the first events');
        server.failSubscriptions(failure);
        await eventually(() => server.openSubscriptions(), 0, 'the subscription to fail');
        await store.appendToStream(id, [ev('C')]);
        await eventually(() => server.openSubscriptions(), 1, 'the subscription to be opened again');
        await eventually(() => seen.length, 3, 'the event appended while it was down');
        await store.appendToStream(id, [ev('D')]);
        await eventually(() => seen.length, 4, 'a live event after resubscribing');
        await sleep(100);
        expect(seen.map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
        expect(seen.map((e) => e.streamPosition)).toEqual([0, 1, 2, 3]);
        expect(errors).toEqual([]);
      } finally {
        await sub.stop();
      }
    });
  }

  it('reports the failure once resubscribing keeps failing', async () => {
    const other = await startLoopbackEsdbServer();
    const flaky = await createEventStoreDbEventStore(other.url, { resubscribe: { attempts: 3, initialDelayMs: 10, maxDelayMs: 20 } });
    const errors: unknown[] = [];
    const sub = flaky.subscribeToAll({ onEvent: () => {}, onError: (e) => void errors.push(e) });
    try {
      await eventually(() => other.openSubscriptions(), 1, 'the subscription to start');
      const stoppedAt = Date.now();
      await other.stop();
      await eventually(() => errors.length, 1, 'onError after the attempts', 10_000);
      expect((errors[0] as { type?: string }).type).toBe('unavailable');
      // Three attempts with 10, 20 and 20 ms between them came first.
      expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(45);
    } finally {
      await sub.stop();
      await flaky.close();
    }
  });

  it('reads a stream that does not exist as empty (stream not found)', async () => {
    const missing = `missing-${randomUUID()}`;
    expect(await store.readStream(missing)).toEqual([]);
    expect(await store.readStream(missing, { fromVersion: 3, maxCount: 2 })).toEqual([]);
    const error = await store.appendToStream(missing, [], { expectedVersion: 'stream_exists' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'wrong_expected_version', actual: -1 });
    await eventually(() => server.openReads(), 0, 'the server to see every read call ended');
  });

  for (const batchAppend of [true, false]) {
    it(`refuses a wrong expected version over ${batchAppend ? 'BatchAppend' : 'Append'}`, async () => {
      const other = await startLoopbackEsdbServer({ batchAppend });
      const s = await createEventStoreDbEventStore(other.url);
      try {
        const id = `wev-${randomUUID()}`;
        await s.appendToStream(id, [ev('A')], { expectedVersion: 'no_stream' });
        for (const expectedVersion of ['no_stream', 5, -1] as const) {
          const error = await s.appendToStream(id, [ev('X')], { expectedVersion }).catch((e: unknown) => e);
          expect(error).toBeInstanceOf(WrongExpectedVersionError);
          expect(error).toMatchObject({ streamId: id, expected: expectedVersion, actual: 0 });
        }
        const missing = await s.appendToStream(`wev-${randomUUID()}`, [ev('X')], { expectedVersion: 'stream_exists' }).catch((e: unknown) => e);
        expect(missing).toMatchObject({ code: 'wrong_expected_version', actual: -1 });
        expect((await s.appendToStream(id, [ev('B')], { expectedVersion: 0 })).nextExpectedVersion).toBe(1);
        expect((await s.readStream(id)).map((e) => e.type)).toEqual(['A', 'B']);
        expect(batchAppend ? other.appends.batchAppend : other.appends.append).toBe(6);
        expect(batchAppend ? other.appends.append : other.appends.batchAppend).toBe(0);
      } finally {
        await s.close();
        await other.stop();
      }
    });
  }
});
