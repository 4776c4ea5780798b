import type { Knex } from 'knex';

export const name = '0024_apiTokens';

/** Personal API tokens (issue 16 §6): one row per token, the secret only as its SHA-256. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_tokens', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable();
    t.text('company_id').notNullable();
    t.text('name').notNullable();
    t.text('role').notNullable();
    t.text('created_by').notNullable();
    t.text('secret_sha256').notNullable();
    t.date('expires_on');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.text('revoked_by');
    t.index(['company_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('api_tokens');
}
