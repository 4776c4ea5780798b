import type { Knex } from 'knex';

export const name = '0021_emissionLedgerHistory';

/**
 * The temporal ledger (issue 16): every version of every activity line, with the commit positions
 * of the log it was valid between (`valid_from` inclusive, `valid_to` exclusive, null while
 * current). A line as of position P is its row with valid_from ≤ P < valid_to; a removal is a row
 * of its own (`removed`), so a line removed and recorded again keeps both stretches. Reports and
 * views "as of" a moment read this table; each row also names the event that made it (type, time,
 * user, correlation) so a difference between two moments lists the events that caused it.
 *
 * New table, new projection (activity/emissionLedgerHistory): the projector replays the log into
 * it from the start on the first run after this migration.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('emission_ledger_history', (t) => {
    t.text('company_id').notNullable();
    t.text('deal_id').notNullable();
    t.bigInteger('valid_from').notNullable();
    t.bigInteger('valid_to');
    t.text('event_type').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.text('actor_user_id');
    t.text('correlation_id').notNullable();
    t.boolean('removed').notNullable();
    t.integer('fiscal_year');
    t.smallint('fiscal_month');
    t.text('section_id');
    t.text('scope_category');
    t.text('formula_id');
    t.decimal('co2e_kg', 24, 6);
    t.decimal('co2e_location_kg', 24, 6);
    t.decimal('co2e_market_kg', 24, 6);
    t.jsonb('gases');
    // The activity quantity and unit the formula was given, and the factors the line used with their
    // published values (a heating value of 37.7 GJ/kL…): the energy report's GJ are quantity × those.
    t.decimal('quantity', 24, 6);
    t.text('unit');
    t.jsonb('factor_uses');
    t.jsonb('gwp_set');
    t.primary(['company_id', 'deal_id', 'valid_from']);
    // A fiscal year's lines as of a position.
    t.index(['company_id', 'fiscal_year', 'valid_from'], 'emission_ledger_history_year');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('emission_ledger_history');
}
