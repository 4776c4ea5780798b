import type { Knex } from 'knex';

export const name = '0019_emissionTotalsYearIndex';

/**
 * The group's views (`GET /api/emission-totals?of=group`) total every company's rows of a fiscal
 * year. The key (company, year, section, month, category, formula) serves one company; for the
 * whole group PostgreSQL read the whole table (every year, and the dead rows the projection's
 * updates leave) — 0.4–0.7 s at a million ledger lines (docs/benchmarks.md, (i)). This index
 * holds each row's year and company with the sums the views read, so a fiscal year of the group is
 * read from the index alone (an index-only scan: about a fifth of the table's size per year).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'create index emission_totals_year_company on emission_totals (fiscal_year, company_id) include (scope_category, co2e_kg, co2e_location_kg, co2e_market_kg, lines, lines_without_location, lines_without_market)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists emission_totals_year_company');
}
