import type { Knex } from 'knex';

export const name = '0028_auditAsOfMoment';

const INDEX = 'audit_log_records_moment';

/**
 * The organisation and settings records as of a moment are folded from the audit log
 * (audit/recordsAsOf.ts): their rows of one topic and company (or tenant) up to a position; a
 * date-time `asOf` (resolveAsOf) looks for the last such row at or before it; the time slider
 * lists their positions. 0004's index by company and position reads every row of the company to
 * find them — at 2,000,000 line events, 40,000 rows of a company and 158 ms — though they are a
 * few hundred: the ledger's lines are nearly all of the log. This index holds only the other
 * topics (partial: `topic <> 'activity/lines'`; the queries name their topics as literals, so every
 * plan can use it), by topic, company and position, with the time: 48 kB instead of 112 MB for
 * the whole log, and 0.02–0.08 ms (docs/benchmarks.md, "As of a moment: the organisation").
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index if not exists ${INDEX} on audit_log (topic, company_id, position) include (occurred_at) where topic <> 'activity/lines'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index if exists ${INDEX}`);
}
