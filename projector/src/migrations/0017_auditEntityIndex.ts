import type { Knex } from 'knex';

export const name = '0017_auditEntityIndex';

/**
 * One record's history (GET /api/auditlog?entityId=, the scope detail pages' link from a line):
 * an index on company, entity and position, so it is read newest first without scanning the log.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.index(['company_id', 'entity_id', 'position'], 'audit_log_company_entity_position');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.dropIndex(['company_id', 'entity_id', 'position'], 'audit_log_company_entity_position');
  });
}
