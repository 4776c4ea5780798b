import type { Knex } from 'knex';

export const name = '0023_baseYearRecords';

/** A company's base year as recorded and every recalculation of it (issue 16), one row per event, none ever replaced. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('base_year_records', (t) => {
    t.text('company_id').notNullable();
    t.integer('seq').notNullable();
    t.text('kind').notNullable();
    t.integer('base_year').notNullable();
    t.decimal('threshold_percent', 6, 2).notNullable();
    t.bigInteger('position').notNullable();
    t.text('sha256').notNullable();
    t.decimal('scope1_kg', 30, 6).notNullable();
    t.decimal('scope2_location_kg', 30, 6).notNullable();
    t.decimal('scope2_market_kg', 30, 6).notNullable();
    t.decimal('scope3_kg', 30, 6).notNullable();
    t.decimal('total_kg', 30, 6).notNullable();
    t.integer('lines').notNullable();
    t.bigInteger('previous_position');
    t.text('reason');
    t.text('note');
    t.timestamp('recorded_at', { useTz: true }).notNullable();
    t.text('recorded_by');
    t.primary(['company_id', 'seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('base_year_records');
}
