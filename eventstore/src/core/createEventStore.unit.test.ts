import { describe, expect, it } from 'vitest';
import type { Database } from './database';
import { createEventStoreFromEnv } from './createEventStore';

describe('createEventStoreFromEnv', () => {
  it('chooses EventStoreDB when EVENTSTORE_URL is set, without touching the database', async () => {
    // The ESDB client connects lazily, so no server is needed to construct and close it.
    const untouchable = new Proxy({}, { get: () => { throw new Error('database used'); } }) as Database;
    const store = await createEventStoreFromEnv(untouchable, { EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false' });
    expect(store.kind).toBe('eventstoredb');
    await store.close();
  });
});
