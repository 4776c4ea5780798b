import type { Knex } from 'knex';

export const name = '0010_deferredUniques';

/**
 * The read models' "one per …" keys (a rate per company, year and currency; a goal per year and
 * category; an intensity per name; a value per intensity and year) hold after every event, but a
 * batch writes each row's final state at once: two rates that swap a currency in one batch would
 * meet a key still held by the other's old row and stall the projection. Checked at the end of
 * each projection's batch instead (applying.ts sets them immediate there), they see the batch's
 * final state, which the claim registers keep unique.
 */
export const DEFERRED_KEYS: [table: string, columns: string[]][] = [
  ['currency_rates', ['company_id', 'fiscal_year', 'currency_unit']],
  ['reduction_goals', ['company_id', 'goal_year', 'scope_category']],
  ['intensities', ['company_id', 'name']],
  ['management_intensities', ['company_id', 'intensity_id', 'fiscal_year']],
];

/** knex's name for a unique constraint on these columns (as the earlier migrations created them). */
const constraintName = (table: string, columns: string[]) => `${table}_${columns.join('_')}_unique`;

async function recreate(knex: Knex, deferred: boolean): Promise<void> {
  for (const [table, columns] of DEFERRED_KEYS) {
    const constraint = constraintName(table, columns);
    await knex.raw(`alter table ?? drop constraint ??`, [table, constraint]);
    await knex.raw(`alter table ?? add constraint ?? unique (${columns.map(() => '??').join(', ')})${deferred ? ' deferrable initially deferred' : ''}`, [table, constraint, ...columns]);
  }
}

export const up = (knex: Knex) => recreate(knex, true);
export const down = (knex: Knex) => recreate(knex, false);
