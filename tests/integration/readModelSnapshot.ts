import type { Knex } from 'knex';

/** Every row of the given tables as sorted JSON text: equal snapshots mean equal read models, whatever the row order. */
export async function readModelSnapshot(knex: Knex, tables: readonly string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of tables) out[t] = (await knex(t).select('*')).map((r) => JSON.stringify(r)).sort();
  return out;
}
