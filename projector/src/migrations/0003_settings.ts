import type { Knex } from 'knex';

export const name = '0003_settings';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fiscal_year_settings', (t) => {
    t.text('company_id').primary();
    t.text('fiscal_year_id').notNullable();
    t.integer('start_month').notNullable();
    t.integer('version').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('currency_rates', (t) => {
    t.text('id').primary();
    t.text('company_id').notNullable();
    t.integer('fiscal_year').notNullable();
    t.text('currency_unit').notNullable();
    // Rates are entered with decimals (151.25 yen per USD); numeric keeps them exact.
    t.decimal('rate', 20, 8).notNullable();
    t.integer('version').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.unique(['company_id', 'fiscal_year', 'currency_unit']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('currency_rates');
  await knex.schema.dropTableIfExists('fiscal_year_settings');
}
