import type { Knex } from 'knex';

export const name = '0013_ledgerBases';

/**
 * The ledger keeps, per line, its figure on the other scope-2 basis and the line's own inputs
 * (so a line can be edited without asking them again). Rows written before cannot be filled from
 * the table itself: the ledger is emptied and its checkpoint dropped, so the projector replays
 * the lines from the log and writes them whole.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('emission_ledger', (t) => {
    t.jsonb('other_basis');
    t.jsonb('scope_setting_detail').notNullable().defaultTo('{}');
  });
  await knex('emission_ledger').delete();
  await knex('projection_checkpoints').where({ name: 'activity/emissionLedger' }).delete();
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('emission_ledger', (t) => {
    t.dropColumn('other_basis');
    t.dropColumn('scope_setting_detail');
  });
}
