import type { Knex } from 'knex';

export const name = '0018_groupConsolidationApproach';

/**
 * The group's chosen consolidation approach (GroupConsolidationApproachChosen) on the tenant, and
 * the revision of the tenant stream that chose it (-1: never chosen), so a client can send it back
 * as its expected version. No event before this migration set it, so existing rows are right with
 * the defaults and nothing is replayed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.text('consolidation_approach').notNullable().defaultTo('operational');
    t.integer('consolidation_approach_version').notNullable().defaultTo(-1);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumn('consolidation_approach');
    t.dropColumn('consolidation_approach_version');
  });
}
