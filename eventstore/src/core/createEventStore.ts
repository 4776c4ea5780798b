import type { Database } from './database';
import type { EventStore } from '@ghg/events';
import type { UpcasterRegistry } from '@ghg/events';
import { createEventStoreDbEventStore } from '../eventstoredb/esdbEventStore';
import { createPostgresEventStore } from '../postgres/postgresEventStore';

/**
 * EVENTSTORE_URL selects EventStoreDB for the log; otherwise the log lives in `db` (PostgreSQL or
 * PGlite) next to the read models. An empty EVENTSTORE_URL counts as unset.
 */
export function createEventStoreFromEnv(
  db: Database,
  env: NodeJS.ProcessEnv = process.env,
  options: { upcasters?: UpcasterRegistry } = {},
): Promise<EventStore> {
  if (env.EVENTSTORE_URL) return createEventStoreDbEventStore(env.EVENTSTORE_URL, options);
  return createPostgresEventStore(db, options);
}
