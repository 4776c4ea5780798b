import type { Knex } from 'knex';

/**
 * Writes many rows in one statement per chunk. The rows travel as a single JSON parameter that
 * PostgreSQL turns into records of the table's own row type (`json_populate_recordset`), which is
 * far cheaper than binding thousands of parameters. JSON(B) columns take plain objects/arrays.
 * `onConflict: 'merge'` updates every given column; 'ignore' keeps the existing row.
 */
export async function upsertRows(
  trx: Knex.Transaction,
  table: string,
  key: string | readonly string[],
  rows: readonly Record<string, unknown>[],
  onConflict: 'merge' | 'ignore' = 'merge',
): Promise<void> {
  if (rows.length === 0) return;
  const keys: readonly string[] = typeof key === 'string' ? [key] : key;
  const columns = Object.keys(rows[0]!);
  const list = columns.map((c) => `"${c}"`).join(', ');
  const update =
    onConflict === 'ignore'
      ? 'do nothing'
      : `do update set ${columns.filter((c) => !keys.includes(c)).map((c) => `"${c}" = excluded."${c}"`).join(', ')}`;
  const target = keys.map((k) => `"${k}"`).join(', ');
  for (let i = 0; i < rows.length; i += 5_000) {
    await trx.raw(
      `insert into "${table}" (${list}) select ${list} from json_populate_recordset(null::"${table}", ?::json) on conflict (${target}) ${update}`,
      [JSON.stringify(rows.slice(i, i + 5_000))],
    );
  }
}

/** Plain multi-row insert (no conflict handling), the same JSON way: for tables that hold none of the rows yet. */
export async function insertRows(trx: Knex.Transaction, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const list = Object.keys(rows[0]!).map((c) => `"${c}"`).join(', ');
  for (let i = 0; i < rows.length; i += 5_000) {
    await trx.raw(`insert into "${table}" (${list}) select ${list} from json_populate_recordset(null::"${table}", ?::json)`, [
      JSON.stringify(rows.slice(i, i + 5_000)),
    ]);
  }
}

export async function deleteRows(trx: Knex.Transaction, table: string, key: string, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 10_000) await trx(table).whereIn(key, keys.slice(i, i + 10_000)).delete();
}

/** Deletes rows by a key of several columns: each entry holds one row's values, in the order of `columns`. */
export async function deleteRowsByKeys(trx: Knex.Transaction, table: string, columns: readonly string[], keys: readonly (readonly string[])[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 10_000) {
    await trx(table)
      .whereIn([...columns], keys.slice(i, i + 10_000).map((k) => [...k]))
      .delete();
  }
}

/**
 * Folds a batch into the final row per key (null: deleted), so a batch of many changes to one
 * entity costs one write, and the end state equals applying the events one by one.
 */
export function lastStatePerKey<E>(events: readonly E[], keyOf: (e: E) => string, rowOf: (e: E) => Record<string, unknown> | null): LastStates {
  const final = new Map<string, Record<string, unknown> | null>();
  for (const e of events) final.set(keyOf(e), rowOf(e));
  const upserts: Record<string, unknown>[] = [];
  const upsertKeys: string[] = [];
  const deletes: string[] = [];
  for (const [k, row] of final) {
    if (row === null) deletes.push(k);
    else {
      upserts.push(row);
      upsertKeys.push(k);
    }
  }
  return { upserts, upsertKeys, deletes };
}

/** A batch's last states: rows to write (`upsertKeys[i]` is the key of `upserts[i]`) and keys to delete. */
export interface LastStates {
  upserts: Record<string, unknown>[];
  upsertKeys: string[];
  deletes: string[];
}
