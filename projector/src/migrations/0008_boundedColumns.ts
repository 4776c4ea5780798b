import type { Knex } from 'knex';

export const name = '0008_boundedColumns';

/**
 * Every quantity an event contract accepts (|x| ≤ LIMITS.maxQuantity = 10^15, events/src/contracts/
 * bounds.ts) must fit its read-model column, or the event stalls its projection. The
 * currency rate was numeric(20, 8), which holds |x| < 10^12; numeric(24, 8) holds < 10^16.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('currency_rates', (t) => {
    t.decimal('rate', 24, 8).notNullable().alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('currency_rates', (t) => {
    t.decimal('rate', 20, 8).notNullable().alter();
  });
}
