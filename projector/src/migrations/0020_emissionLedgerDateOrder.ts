import type { Knex } from 'knex';

export const name = '0020_emissionLedgerDateOrder';

const OLD = 'emission_ledger_company_id_fiscal_year_scope_category_index';
const NEW = 'emission_ledger_company_year_category_date';

/**
 * A company's lines of a fiscal year and category are read in date order (the export, 2,000 at a
 * time after the last one sent; the lines' table data). The index of 0012 found the category's
 * lines, which PostgreSQL then sorted whole for every batch: exporting 200,000 lines took 84 s and
 * grew with the square of the lines (docs/benchmarks.md, (j)). Ordered by date and deal as well,
 * each batch is read from the index where the last one stopped. It replaces 0012's index, whose
 * columns lead it, so the ledger keeps one index to write.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index ${NEW} on emission_ledger (company_id, fiscal_year, scope_category, occurrence_date, deal_id)`);
  await knex.raw(`drop index if exists ${OLD}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`create index if not exists ${OLD} on emission_ledger (company_id, fiscal_year, scope_category)`);
  await knex.raw(`drop index if exists ${NEW}`);
}
