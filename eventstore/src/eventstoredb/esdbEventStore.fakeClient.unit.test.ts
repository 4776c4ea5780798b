import { UnavailableError, UnknownError } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { describeEventStoreContract, testEvent } from '../core/eventStoreContract';
import type { RecordedEvent } from '@ghg/events';
import { SubscriptionEndedError, eventStoreOverClient } from './esdbEventStore';
import { createFakeEsdbClient } from './fakeEsdbClient';

// The adapter's own logic (mapping, filtering, zero-event appends, caught-up detection, stop)
// against an in-memory stand-in for the client. The real client runs the same suite over gRPC in
// esdbLoopback.int.test.ts, and against a real server in esdbEventStore.int.test.ts whenever one
// is reachable.
describeEventStoreContract('EventStoreDB adapter on an in-memory client stand-in', async (options) => {
  const client = createFakeEsdbClient();
  const store = eventStoreOverClient(client, options);
  return {
    store,
    openAnother: async () => eventStoreOverClient(client),
    cleanup: () => store.close(),
  };
});

const ev = testEvent;

async function eventually(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe('EventStoreDB adapter on the stand-in: calls that end early', () => {
  it('leaves no read open after reads that stop early', async () => {
    const client = createFakeEsdbClient();
    const store = eventStoreOverClient(client);
    for (let i = 0; i < 20; i++) await store.appendToStream(`s-${i}`, [ev('A'), ev('B'), ev('C')]);
    for (let i = 0; i < 10; i++) {
      await store.headPosition();
      expect(await store.readAll({ maxCount: 4 })).toHaveLength(4);
      expect(await store.readStream('s-3', { maxCount: 1 })).toHaveLength(1);
    }
    expect(client.openReads()).toBe(0);
    await store.close();
  });

  it('reports a subscription the server ends without an error, and resubscribes after UNAVAILABLE', async () => {
    const client = createFakeEsdbClient();
    const store = eventStoreOverClient(client, { resubscribe: { initialDelayMs: 1, maxDelayMs: 5 } });
    const seen: RecordedEvent[] = [];
    const errors: unknown[] = [];
    const sub = store.subscribeToAll({ onEvent: (e) => void seen.push(e), onError: (e) => void errors.push(e) });
    await store.appendToStream('r', [ev('A'), ev('B')]);
    await eventually(() => seen.length === 2, 'two events');
    client.endSubscriptions(new UnavailableError());
    await store.appendToStream('r', [ev('C')]);
    await eventually(() => seen.length === 3, 'the event after resubscribing');
    expect(seen.map((e) => e.type)).toEqual(['A', 'B', 'C']);
    expect(errors).toEqual([]);
    client.endSubscriptions();
    await eventually(() => errors.length === 1, 'onError');
    expect(errors[0]).toBeInstanceOf(SubscriptionEndedError);
    await sub.stop();
    expect(client.openSubscriptions()).toBe(0);
    await store.close();
  });

  it('reports an error that a new subscription would not cure at once', async () => {
    const client = createFakeEsdbClient();
    const store = eventStoreOverClient(client, { resubscribe: { initialDelayMs: 1 } });
    const errors: unknown[] = [];
    const sub = store.subscribeToAll({ onEvent: () => {}, onError: (e) => void errors.push(e) });
    await eventually(() => client.openSubscriptions() === 1, 'the subscription');
    const failure = new UnknownError(undefined, 'boom');
    client.endSubscriptions(failure);
    await eventually(() => errors.length === 1, 'onError');
    expect(errors[0]).toBe(failure);
    await sub.stop();
    await store.close();
  });
});
