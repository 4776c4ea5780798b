import { join } from 'node:path';
import pino from 'pino';
import { createChangeBus, createEventStoreFromEnv, openDatabase, type ChangeBus, type Database } from '@ghg/eventstore';
import type { EventStore } from '@ghg/events';
import { migrateReadModels } from '@ghg/projector';
import type { AppConfig } from './config';
import { resolveJwtSecret } from './jwtSecret';
import { migrateToEntityStreams } from './streamMigration';

export interface Infrastructure {
  db: Database;
  eventStore: EventStore;
  changeBus: ChangeBus;
  jwtSecret: string;
  logger: pino.Logger;
  close(): Promise<void>;
}

/**
 * Opens what every process needs: the read-model database (PostgreSQL with DATABASE_URL, else
 * PGlite in DATA_DIR), the event log (EventStoreDB with EVENTSTORE_URL, else the same database),
 * the change bus, and the read-model schema.
 */
export async function openInfrastructure(config: AppConfig, options: { migrate?: boolean } = {}): Promise<Infrastructure> {
  const logger = pino({ level: config.logLevel });
  const db = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') },
  );
  const env = { ...process.env, EVENTSTORE_URL: config.eventStoreUrl ?? '' };
  const eventStore = await createEventStoreFromEnv(db, env);
  const changeBus = await createChangeBus(db);
  if (options.migrate !== false) {
    await migrateReadModels(db.knex);
    // Before any command runs: events of the old per-company streams move to their entities' streams.
    await migrateToEntityStreams(db, eventStore, logger);
  }
  const jwtSecret = await resolveJwtSecret(db.knex, config.jwtSecret);
  return {
    db,
    eventStore,
    changeBus,
    jwtSecret,
    logger,
    close: async () => {
      await changeBus.close();
      await eventStore.close();
      await db.close();
    },
  };
}
