import type { Knex } from 'knex';

export const name = '0011_scopeSettings';

/**
 * Scope settings: one row per setting, keyed by company and id (a client may choose the id, so
 * two companies may use the same one). Text columns hold any bounded text of the contract; the
 * detail is jsonb (a bounded JSON object, events/src/contracts/bounds.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scope_settings', (t) => {
    t.text('company_id').notNullable();
    t.text('id').notNullable();
    t.text('scope_category').notNullable();
    t.text('formula_id').notNullable();
    t.text('section_id').notNullable();
    t.jsonb('detail').notNullable();
    t.text('deal_id');
    t.integer('version').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'id']);
    t.index(['company_id', 'scope_category', 'updated_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('scope_settings');
}
