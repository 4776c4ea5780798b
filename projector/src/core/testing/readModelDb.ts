import type { Database } from '@ghg/eventstore';
import { freshPglite, freshPostgres } from '@ghg/eventstore/testing';
import { coreMigration } from '../../migrations/0001_core';
import * as projectionFailures from '../../migrations/0009_projectionFailures';
import { migrateReadModels } from '../migrate';
import { testMigration } from './testProjection';

export type TestDbKind = 'pglite' | 'postgres';

/** Database kinds to test on: PGlite always, PostgreSQL when DATABASE_URL names a server. */
export const testDbKinds: TestDbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A throw-away database with the checkpoint and failure tables and the test read model: PGlite in memory,
 * or a scratch PostgreSQL database beside DATABASE_URL's, dropped by `close`.
 */
export async function openTestReadModelDb(kind: TestDbKind): Promise<Database> {
  const db = kind === 'pglite' ? await freshPglite() : await freshPostgres();
  if (!db) throw new Error('DATABASE_URL is not set');
  await migrateReadModels(db.knex, [coreMigration, projectionFailures, testMigration]);
  return db;
}

/** Empties the test read model and the checkpoints between tests (much faster than a new database). */
export async function resetTestReadModel(db: Database): Promise<void> {
  await db.knex.raw('truncate test_items, test_counter, projection_checkpoints, projection_failures');
}
