import type { Knex } from 'knex';

export const name = '0026_emissionLedgerHistoryMoment';

const INDEX = 'emission_ledger_history_company_moment';

/**
 * `asOf` given as a date-time (`resolveAsOf`, projector/src/reports/inventoryReader.ts) looks for
 * the company's last line change at or before that moment: max(valid_from) of its rows with
 * occurred_at ≤ the moment. 0021's indexes find the company's rows but not their times, so
 * PostgreSQL read every row of the company from the table: at 1,000,000 lines / 2,000,000
 * versions over 50 companies, 40,000 rows on 40,000 pages, 310–430 ms, growing with the company's
 * whole history (docs/benchmarks.md, (l)). With the times and positions in an index it is an
 * index-only scan of the entries before the moment: about 300 pages, 5 ms on the same data.
 * Rows are inserted once and only `valid_to` is updated, so the index costs one entry a version.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index if not exists ${INDEX} on emission_ledger_history (company_id, occurred_at, valid_from)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index if exists ${INDEX}`);
}
