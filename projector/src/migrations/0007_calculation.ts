import type { Knex } from 'knex';

export const name = '0007_calculation';

/** Calculation basis per company and fiscal year; company factor sets with every version of every factor. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('calculation_basis', (t) => {
    t.text('company_id').notNullable();
    t.integer('fiscal_year').notNullable();
    t.text('id').notNullable();
    t.text('gwp_set').notNullable();
    /** JSON object: factor-set id → pinned version. */
    t.text('factor_sets').notNullable();
    t.integer('version').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'fiscal_year']);
  });
  await knex.schema.createTable('company_factor_sets', (t) => {
    t.text('company_id').notNullable();
    t.text('set_id').notNullable();
    t.text('id').notNullable();
    t.text('title_ja').notNullable();
    t.text('title_en').notNullable();
    t.text('title_zh_hans').notNullable();
    t.text('publisher').notNullable();
    t.text('citation').notNullable();
    t.text('licence').notNullable();
    /** Newest published version; 0 while the set is empty. */
    t.integer('latest_version').notNullable();
    t.integer('entry_count').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'set_id']);
  });
  await knex.schema.createTable('company_factor_set_versions', (t) => {
    t.text('company_id').notNullable();
    t.text('set_id').notNullable();
    t.integer('version').notNullable();
    /** 'manual' (one factor saved), 'removal', or 'upload'. */
    t.text('change').notNullable();
    t.text('mode');
    t.text('file_name');
    t.text('format');
    t.integer('entry_count').notNullable();
    t.text('actor_user_id');
    t.timestamp('published_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'set_id', 'version']);
  });
  // A factor's value from version `from_version` until (not including) `to_version`; null: still current.
  await knex.schema.createTable('company_factor_entries', (t) => {
    t.text('company_id').notNullable();
    t.text('set_id').notNullable();
    t.text('key').notNullable();
    t.integer('from_version').notNullable();
    t.integer('to_version');
    t.text('label_ja').notNullable();
    t.text('label_en').notNullable();
    t.text('label_zh_hans').notNullable();
    t.double('value').notNullable();
    t.text('unit').notNullable();
    t.text('stage');
    t.text('valid_from');
    t.text('valid_to');
    t.text('source');
    t.text('licence_note');
    t.text('category');
    t.primary(['company_id', 'set_id', 'key', 'from_version']);
    t.index(['company_id', 'set_id', 'to_version']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['company_factor_entries', 'company_factor_set_versions', 'company_factor_sets', 'calculation_basis']) await knex.schema.dropTableIfExists(table);
}
