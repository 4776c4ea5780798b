import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@ghg/eventstore';
import { freshPglite, freshPostgres } from '@ghg/eventstore/testing';
import { migrateReadModels, READ_MODEL_MIGRATIONS_TABLE } from './migrate';
import { coreMigration } from '../migrations/0001_core';
import type { ReadModelMigration } from '../migrations/index';

const slow: ReadModelMigration = {
  name: '9001_slow',
  async up(knex) {
    await knex.raw('select pg_sleep(0.3)');
    await knex.schema.createTable('migrate_test', (t) => t.text('id').primary());
  },
  async down(knex) {
    await knex.schema.dropTable('migrate_test');
  },
};

describe('migrateReadModels', () => {
  const open: Database[] = [];
  afterAll(async () => {
    for (const db of open.reverse()) await db.close();
  });

  it('runs the in-code list once on PGlite, under its own bookkeeping table', async () => {
    const db = await freshPglite();
    open.push(db);
    expect(await migrateReadModels(db.knex, [coreMigration])).toEqual(['0001_core']);
    expect(await migrateReadModels(db.knex, [coreMigration])).toEqual([]);
    const done = await db.knex(READ_MODEL_MIGRATIONS_TABLE).pluck('name');
    expect(done).toEqual(['0001_core']);
    expect(await db.knex.schema.hasTable('projection_checkpoints')).toBe(true);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('lets processes that start together all succeed on PostgreSQL', async () => {
    const db = (await freshPostgres())!;
    open.push(db);
    const url = (db.config as { url: string }).url;
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url })));
    open.push(...others);
    const results = await Promise.all([db, ...others].map((d) => migrateReadModels(d.knex, [coreMigration, slow])));
    expect(results.flat().sort()).toEqual(['0001_core', '9001_slow']);
    expect(await db.knex(READ_MODEL_MIGRATIONS_TABLE).count<{ count: string }[]>('* as count')).toEqual([{ count: '2' }]);
  });
});
