import type { Knex } from 'knex';

export const name = '0016_emissionTotals';

/**
 * The emissions ledger totalled for the views (issue 15): one row per company, section, fiscal
 * year, fiscal month, category and method (formula), with the sums every view needs, so no view
 * reads the ledger's lines. Scope 2 keeps both bases side by side (each line carries both): the
 * location-based and market-based sums, and how many scope-2 lines have no figure on each; a view
 * picks a basis by column, never by adding a line twice. Written by the ledger's projection in the
 * same transaction as the ledger, from the ledger's own rows with PostgreSQL's exact numeric sums
 * (projector/src/activity/emissionTotals.ts): a view's total equals the ledger's to the gram.
 *
 * Sums are numeric(30, 6): the ledger's quantities are numeric(24, 6) below 10^15 each
 * (LIMITS.maxQuantity), so a sum of up to a billion lines fits, at the ledger's six decimals.
 * The ledger is emptied and its checkpoint dropped, so the projector replays the lines from the
 * log and writes both tables (as 0013 did).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('emission_totals', (t) => {
    t.text('company_id').notNullable();
    t.text('section_id').notNullable();
    t.integer('fiscal_year').notNullable();
    t.smallint('fiscal_month').notNullable();
    t.text('scope_category').notNullable();
    t.text('formula_id').notNullable();
    t.decimal('co2e_kg', 30, 6).notNullable();
    t.decimal('co2e_location_kg', 30, 6).notNullable();
    t.decimal('co2e_market_kg', 30, 6).notNullable();
    t.integer('lines').notNullable();
    t.integer('lines_without_location').notNullable();
    t.integer('lines_without_market').notNullable();
    t.primary(['company_id', 'fiscal_year', 'section_id', 'fiscal_month', 'scope_category', 'formula_id']);
  });
  await knex('emission_ledger').delete();
  await knex('projection_checkpoints').where({ name: 'activity/emissionLedger' }).delete();
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('emission_totals');
}
