import type { Knex } from 'knex';

export const name = '0005_targets';

/** Reduction goals, offsets and non-fossil certificates. Dates are kept as ISO text. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reduction_goals', (t) => {
    t.text('id').primary();
    t.text('company_id').notNullable();
    t.text('scope_category').notNullable();
    t.integer('goal_year').notNullable();
    // t-CO2e with decimals; numeric keeps them exact.
    t.decimal('goal_emission', 24, 6).notNullable();
    t.integer('target_year').notNullable();
    t.decimal('target_emission', 24, 6).notNullable();
    t.decimal('goal_emission_percentage', 24, 6).notNullable();
    t.integer('version').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.unique(['company_id', 'goal_year', 'scope_category']);
  });
  await knex.schema.createTable('offsets', (t) => {
    t.text('id').primary();
    t.text('company_id').notNullable().index();
    t.text('type').notNullable();
    t.text('particular_number_from').notNullable();
    t.text('particular_number_to').notNullable();
    t.decimal('invalid_or_relocation_quantity', 24, 6).notNullable();
    t.text('invalid_or_relocation_date').notNullable();
    t.text('auth_type').notNullable();
    t.integer('version').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('non_fossil_certificates', (t) => {
    t.text('id').primary();
    t.text('company_id').notNullable();
    t.text('certificate_type').notNullable();
    t.decimal('quantity_kwh', 24, 6).notNullable();
    t.text('period_from').notNullable();
    t.text('period_to').notNullable();
    t.integer('fiscal_year').notNullable();
    t.boolean('tracking').notNullable();
    t.text('power_source');
    t.text('generator_name');
    t.text('generator_location');
    t.integer('version').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['company_id', 'fiscal_year']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['non_fossil_certificates', 'offsets', 'reduction_goals']) await knex.schema.dropTableIfExists(table);
}
