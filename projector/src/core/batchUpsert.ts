import type { Knex } from 'knex';

/**
 * Writes many rows in a few statements: inserts/updates merged on the key, deletes by key.
 * PostgreSQL allows 65,535 bind parameters per statement, so rows go in chunks.
 */
export async function upsertRows(
  trx: Knex.Transaction,
  table: string,
  key: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).length;
  const chunk = Math.max(1, Math.floor(60_000 / columns));
  for (let i = 0; i < rows.length; i += chunk) {
    await trx(table).insert(rows.slice(i, i + chunk)).onConflict(key).merge();
  }
}

export async function deleteRows(trx: Knex.Transaction, table: string, key: string, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 10_000) await trx(table).whereIn(key, keys.slice(i, i + 10_000)).delete();
}

/**
 * Folds a batch into the final row per key (null: deleted), so a batch of many changes to one
 * entity costs one write, and the end state equals applying the events one by one.
 */
export function lastStatePerKey<E>(events: readonly E[], keyOf: (e: E) => string, rowOf: (e: E) => Record<string, unknown> | null) {
  const final = new Map<string, Record<string, unknown> | null>();
  for (const e of events) final.set(keyOf(e), rowOf(e));
  const upserts: Record<string, unknown>[] = [];
  const deletes: string[] = [];
  for (const [k, row] of final) row === null ? deletes.push(k) : upserts.push(row);
  return { upserts, deletes };
}
