import type { Knex } from 'knex';

export const name = '0025_auditCorrelation';

/**
 * The auditor's trail (issue 16 §5): each audit entry keeps the correlation of the command or
 * import that caused it, and the API token it came through, so every change one command or one
 * import made is listed together (GET /api/auditlog?correlationId=).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.text('correlation_id');
    t.text('api_token_id');
    t.index(['company_id', 'correlation_id', 'position'], 'audit_log_company_correlation_position');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.dropIndex(['company_id', 'correlation_id', 'position'], 'audit_log_company_correlation_position');
    t.dropColumn('api_token_id');
    t.dropColumn('correlation_id');
  });
}
