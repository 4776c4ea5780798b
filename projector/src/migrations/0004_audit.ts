import type { Knex } from 'knex';

export const name = '0004_audit';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (t) => {
    // The event's global position: unique, and the natural newest-first order.
    t.bigInteger('position').primary();
    t.text('event_id').notNullable();
    t.text('tenant_id');
    t.text('company_id');
    t.text('actor_user_id');
    t.text('type').notNullable();
    t.text('topic').notNullable();
    t.text('entity_id').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.jsonb('changes').notNullable();
    t.index(['company_id', 'position']);
  });
  // Last known field values per entity, so each audit row can show before and after.
  await knex.schema.createTable('audit_entity_state', (t) => {
    t.text('entity_key').primary();
    t.jsonb('fields').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('audit_entity_state');
  await knex.schema.dropTableIfExists('audit_log');
}
