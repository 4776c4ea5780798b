import type { Knex } from 'knex';

export const name = '0009_projectionFailures';

/**
 * A projection that keeps failing on one event is marked here and halted at its checkpoint,
 * so that the mark outlives the process: commands stop waiting for it
 * (readYourWrites, in every process), GET /api/health reports it, and a restart or a rebuild
 * knows to retry it. One row per projection; the row goes when the projection gets past the event.
 * Positions are bigint like projection_checkpoints; the event columns are null when the failing
 * event could not be told apart from its batch.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('projection_failures', (t) => {
    t.text('name').primary();
    t.bigInteger('commit_position');
    t.bigInteger('prepare_position');
    t.text('event_id');
    t.text('event_type');
    t.text('stream_id');
    // Whose event it is: only that group's administrators see the details (GET /api/health).
    t.text('tenant_id');
    t.text('error').notNullable();
    t.integer('attempts').notNullable();
    t.timestamp('first_failed_at', { useTz: true }).notNullable();
    t.timestamp('last_failed_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('projection_failures');
}
