import type { Knex } from 'knex';

export const name = '0012_emissionLedger';

/**
 * The emissions ledger: one row per activity line, keyed by company and deal, with the results
 * its event carries (the projection copies them and never recalculates). Quantities and emissions
 * are numeric(24, 6) like every quantity column (LIMITS.maxQuantity); gases, factors and the deal
 * are jsonb; the text columns hold any bounded text of the contract. Queries ask for a company's
 * lines of one fiscal year and category.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('emission_ledger', (t) => {
    t.text('company_id').notNullable();
    t.text('deal_id').notNullable();
    t.text('section_id').notNullable();
    t.text('scope_setting_id').notNullable();
    t.jsonb('deal').notNullable();
    t.integer('fiscal_year').notNullable();
    t.smallint('fiscal_month').notNullable();
    t.date('occurrence_date').notNullable();
    t.text('scope_category').notNullable();
    t.text('formula_id').notNullable();
    t.decimal('quantity', 24, 6);
    t.text('unit');
    t.jsonb('gases').notNullable();
    t.decimal('co2e_kg', 24, 6).notNullable();
    t.text('basis');
    t.decimal('co2e_location_kg', 24, 6);
    t.decimal('co2e_market_kg', 24, 6);
    t.jsonb('factor_versions').notNullable();
    t.text('gwp_set').notNullable();
    t.text('source').notNullable();
    t.integer('version').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'deal_id']);
    t.index(['company_id', 'fiscal_year', 'scope_category']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('emission_ledger');
}
