import { describeEventStoreContract } from '@ghg/eventstore/testing';
import { createInMemoryEventStore, createInMemoryLog } from './inMemoryEventStore';

// The fake must behave like the real adapters, or tests built on it prove nothing.
describeEventStoreContract('in-memory (projector tests)', async (options) => {
  const log = createInMemoryLog();
  const store = createInMemoryEventStore({ log, ...(options?.upcasters ? { upcasters: options.upcasters } : {}) });
  return {
    store,
    openAnother: async () => createInMemoryEventStore({ log }),
    cleanup: () => store.close(),
  };
});
