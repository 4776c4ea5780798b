import type { Knex } from 'knex';

export const name = '0014_imports';

/**
 * Linked data imported from source systems.
 *
 * The ledger names, per line, the import that last wrote it (`import_id`, null for a line entered
 * by hand) and where it came from (`origin`: the import, source type and key, row, rule and the
 * record as read; jsonb, null for a manual line). Every line written before was manual, so the
 * existing rows rightly stay null: no replay. The (company, import) index serves an import's
 * records and the checks of an undo.
 *
 * `import_rules`: a company's rules, keyed by company and rule id (a client may choose the id).
 * `import_history`: one row per imported file, keyed by company and import id, with its totals as
 * they are now (after rules re-applied), the fiscal years its lines fall in (a jsonb array of
 * years, filtered with `@>`), and whether it was undone. Text columns hold any bounded text of the
 * contract (ids are at most LIMITS.idLength, names LIMITS.shortTextLength: `text`, like every id
 * column of the read models); quantities are numeric(24, 6) like every quantity column
 * (LIMITS.maxQuantity, 0008_boundedColumns); counts are at most LIMITS.maxVersion (an integer).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('emission_ledger', (t) => {
    t.text('import_id');
    t.jsonb('origin');
    t.index(['company_id', 'import_id']);
  });
  await knex.schema.createTable('import_rules', (t) => {
    t.text('company_id').notNullable();
    t.text('rule_id').notNullable();
    t.text('name').notNullable();
    t.integer('priority').notNullable();
    t.jsonb('conditions').notNullable();
    t.text('action').notNullable();
    t.text('scope_category');
    t.text('formula_id');
    t.jsonb('detail').notNullable();
    t.text('section_id');
    t.text('count_from').notNullable();
    t.integer('version').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'rule_id']);
  });
  await knex.schema.createTable('import_history', (t) => {
    t.text('company_id').notNullable();
    t.text('import_id').notNullable();
    t.timestamp('imported_at', { useTz: true }).notNullable();
    /** The actor of the import (null only for an import no user made, such as a seed). */
    t.text('user_id');
    t.text('source_type').notNullable();
    t.text('file_name').notNullable();
    t.text('encoding').notNullable();
    t.text('sha256').notNullable();
    t.integer('rows').notNullable();
    t.integer('created').notNullable();
    t.integer('updated').notNullable();
    t.integer('unchanged').notNullable();
    t.integer('excluded').notNullable();
    t.decimal('co2e_kg', 24, 6).notNullable();
    t.jsonb('by_category').notNullable();
    t.jsonb('fiscal_years').notNullable();
    t.text('status').notNullable();
    t.timestamp('reapplied_at', { useTz: true });
    t.timestamp('undone_at', { useTz: true });
    t.text('undone_by');
    t.integer('version').notNullable();
    t.primary(['company_id', 'import_id']);
  });
  await knex.raw('create index import_history_company_id_imported_at_index on import_history (company_id, imported_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('import_history');
  await knex.schema.dropTableIfExists('import_rules');
  await knex.schema.alterTable('emission_ledger', (t) => {
    t.dropIndex(['company_id', 'import_id']);
    t.dropColumn('origin');
    t.dropColumn('import_id');
  });
}
