import type { Knex } from 'knex';
import type { ReadModelMigration } from './index';

/**
 * Checkpoints live beside the read models so that a batch's rows and its checkpoint commit in
 * one transaction. Null positions mean "nothing applied yet" (the store's `after: null`).
 */
export const coreMigration: ReadModelMigration = {
  name: '0001_core',
  async up(knex: Knex) {
    await knex.schema.createTable('projection_checkpoints', (t) => {
      t.text('name').primary();
      t.bigInteger('commit_position');
      t.bigInteger('prepare_position');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTable('projection_checkpoints');
  },
};
