import type { Knex } from 'knex';

export const name = '0002_organization';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tenants', (t) => {
    t.text('id').primary();
    t.text('name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('companies', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().index();
    t.text('name').notNullable();
    t.text('region').notNullable();
    t.decimal('equity_share_percent', 7, 4).notNullable().defaultTo(100);
    t.text('control_approach').notNullable().defaultTo('operational');
    t.integer('version').notNullable();
  });
  await knex.schema.createTable('company_sections', (t) => {
    t.text('id').primary();
    t.text('company_id').notNullable().index();
    t.text('name').notNullable();
    t.text('display_name').notNullable();
    t.text('parent_section_id');
    t.text('energy_conservation_act_report_section_type');
  });
  await knex.schema.createTable('users', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable();
    t.text('email').notNullable().unique();
    t.text('name').notNullable();
    t.text('language').notNullable();
    t.text('role').notNullable();
    t.text('section_id');
    t.jsonb('company_ids').notNullable();
    t.text('selected_company_id').notNullable();
    t.boolean('all_companies').notNullable().defaultTo(false);
    t.boolean('active').notNullable().defaultTo(true);
    t.integer('version').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['users', 'company_sections', 'companies', 'tenants']) await knex.schema.dropTableIfExists(table);
}
