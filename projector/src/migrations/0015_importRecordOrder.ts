import type { Knex } from 'knex';

export const name = '0015_importRecordOrder';

/**
 * An import's records are paged in the order of its file's rows (`GET /api/import/records` with
 * an import): an index on the row each line came from lets PostgreSQL read a page of a
 * million-line import in that order instead of sorting the million rows for every page. The row
 * is in the line's origin (`origin->>'row'`, an integer of the contract); manual lines have none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index emission_ledger_import_row_index on emission_ledger (company_id, import_id, ((origin->>'row')::integer), deal_id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index emission_ledger_import_row_index');
}
