import type { Knex } from 'knex';

export const name = '0006_groupFlagsIntensity';

/** Group flags with their registered sections, the intensity master and management intensity. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('group_flags', (t) => {
    t.text('id').primary();
    t.text('company_id').notNullable().index();
    t.text('name').notNullable();
    t.integer('version').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  // One row per registered organization: the section-delete command counts these to refuse
  // "Cannot delete organization with registered flag".
  await knex.schema.createTable('group_flag_sections', (t) => {
    t.text('flag_id').notNullable();
    t.text('company_id').notNullable();
    t.text('section_id').notNullable();
    t.primary(['flag_id', 'section_id']);
    t.index(['company_id', 'section_id']);
  });
  await knex.schema.createTable('intensities', (t) => {
    t.text('id').primary();
    t.text('company_id').notNullable();
    t.text('name').notNullable();
    t.text('unit').notNullable();
    t.integer('version').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.unique(['company_id', 'name']);
  });
  await knex.schema.createTable('management_intensities', (t) => {
    t.text('id').primary();
    t.text('company_id').notNullable();
    t.text('intensity_id').notNullable();
    t.integer('fiscal_year').notNullable();
    t.decimal('value', 24, 6).notNullable();
    t.integer('version').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.unique(['company_id', 'intensity_id', 'fiscal_year']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['management_intensities', 'intensities', 'group_flag_sections', 'group_flags']) await knex.schema.dropTableIfExists(table);
}
