import { afterAll, describe, it } from 'vitest';
import { describeEventStoreContract } from '../core/eventStoreContract';
import { createEventStoreDbEventStore } from './esdbEventStore';

type Server = { url: string; stop(): Promise<void> } | { reason: string };

/**
 * EVENTSTORE_URL, else a throw-away container. Without a Docker engine testcontainers fails
 * within milliseconds ("Could not find a working container runtime strategy"), and the suite is
 * reported as skipped with that reason — never as a silent pass.
 */
async function eventStoreDbServer(): Promise<Server> {
  if (process.env.EVENTSTORE_URL) return { url: process.env.EVENTSTORE_URL, stop: async () => {} };
  try {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .withStartupTimeout(120_000)
      .start();
    return {
      url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
      stop: async () => void (await container.stop()),
    };
  } catch (error) {
    return { reason: String((error as Error)?.message ?? error).split('\n')[0]! };
  }
}

const server = await eventStoreDbServer();

if ('reason' in server) {
  const why = `EVENTSTORE_URL unset and no container runtime (${server.reason})`;
  console.log(`EventStoreDB contract not run: ${why}`);
  describe('EventStore contract: EventStoreDB', () => {
    it.skip(`not run: ${why}`, () => {});
  });
} else {
  afterAll(() => server.stop());
  describeEventStoreContract('EventStoreDB', async (options) => {
    const store = await createEventStoreDbEventStore(server.url, options);
    return {
      store,
      openAnother: () => createEventStoreDbEventStore(server.url),
      cleanup: () => store.close(),
    };
  });
}
