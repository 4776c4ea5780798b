import type { Knex } from 'knex';

export const name = '0028_auditAsOfMoment';

const INDEX = 'audit_log_topic_company_moment';

/**
 * A date-time `asOf` (resolveAsOf, projector/src/reports/inventoryReader.ts) also looks for the
 * last change of an organisation or settings record at or before that moment: max(position) of
 * the audit rows of those topics (audit/recordsAsOf.ts) with occurred_at ≤ the moment, of one
 * company or of all. By topic first: these topics are a small part of the log (the ledger's lines
 * are most of it), so the scan reads only their entries; the as-of time slider lists the same
 * rows' positions as moments.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index if not exists ${INDEX} on audit_log (topic, company_id, occurred_at, position)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index if exists ${INDEX}`);
}
