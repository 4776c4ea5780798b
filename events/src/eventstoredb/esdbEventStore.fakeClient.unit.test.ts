import { describeEventStoreContract } from '../core/eventStoreContract';
import { eventStoreOverClient } from './esdbEventStore';
import { createFakeEsdbClient } from './fakeEsdbClient';

// The adapter's own logic (mapping, filtering, zero-event appends, caught-up detection, stop)
// against an in-memory stand-in for the client. The real server runs the same suite in
// esdbEventStore.int.test.ts whenever one is reachable.
describeEventStoreContract('EventStoreDB adapter on an in-memory client stand-in', async (options) => {
  const client = createFakeEsdbClient();
  const store = eventStoreOverClient(client, options);
  return {
    store,
    openAnother: async () => eventStoreOverClient(client),
    cleanup: () => store.close(),
  };
});
