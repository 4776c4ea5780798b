import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { openDatabase, type Database } from '@ghg/events';
import { coreMigration } from '../../migrations/0001_core';
import { migrateReadModels } from '../migrate';
import { testMigration } from './testProjection';

export type TestDbKind = 'pglite' | 'postgres';

/**
 * A throw-away database with the checkpoint table and the test read model: PGlite in memory,
 * or a scratch PostgreSQL database created beside DATABASE_URL's and dropped by `close`.
 */
export async function openTestReadModelDb(kind: TestDbKind): Promise<Database> {
  const db = kind === 'pglite' ? await openDatabase({ kind: 'pglite', dataDir: null }) : await scratchPostgres();
  await migrateReadModels(db.knex, [coreMigration, testMigration]);
  return db;
}

export async function scratchPostgres(poolMax = 10): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const name = `projector_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw('create database ??', [name]);
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: scratchUrl.toString(), poolMax });
  return {
    ...db,
    close: async () => {
      await db.close();
      await admin.raw('drop database if exists ?? with (force)', [name]);
      await admin.destroy();
    },
  };
}

/** Empties the test read model and the checkpoints between tests (much faster than a new PGlite). */
export async function resetTestReadModel(db: Database): Promise<void> {
  await db.knex.raw('truncate test_items, test_counter, projection_checkpoints');
}
