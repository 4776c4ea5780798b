import type { Knex } from 'knex';

export const name = '0022_filedReports';

/** Filed reports (issue 16), one row per ReportFiled: what was filed, where in the log, by whom. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('filed_reports', (t) => {
    t.text('report_id').primary();
    t.text('company_id').notNullable();
    t.integer('fiscal_year').notNullable();
    t.text('regime').notNullable();
    t.bigInteger('position').notNullable();
    t.text('sha256').notNullable();
    t.decimal('scope1_kg', 30, 6).notNullable();
    t.decimal('scope2_location_kg', 30, 6).notNullable();
    t.decimal('scope2_market_kg', 30, 6).notNullable();
    t.decimal('scope3_kg', 30, 6).notNullable();
    t.integer('lines').notNullable();
    t.text('note').notNullable();
    t.timestamp('filed_at', { useTz: true }).notNullable();
    t.text('filed_by');
    t.index(['company_id', 'fiscal_year']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('filed_reports');
}
