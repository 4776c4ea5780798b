import type { Knex } from 'knex';
import { deleteRowsByKeys, upsertRows, type LastStates } from './batchUpsert';
import { copyRows } from './copyRows';
import type { RebuildMemory } from './rebuildMemory';

/**
 * Writes a batch's last states (`lastStatePerKey`) to `table`, whose key is `columns`; `split`
 * turns a key of `LastStates` back into the values of those columns.
 *
 * Live, that is one delete and one upsert. During a rebuild the fresh copy is written by the
 * rebuild alone, so which keys it holds is known without asking it: they are kept in the
 * rebuild's memory (one string per row, far less than the audit log keeps there per entity).
 * Rows of keys the copy does not hold yet — in a replay nearly all of them — are appended with
 * COPY, which spares PostgreSQL the JSON round trip and the conflict check of the upsert (about
 * twice as fast; on PGlite a plain insert); only keys it holds are upserted or deleted.
 */
export async function writeLastStates(
  ctx: { trx: Knex.Transaction; rebuild?: RebuildMemory },
  table: string,
  columns: readonly string[],
  states: LastStates,
  split: (key: string) => readonly string[],
  /**
   * Live: keys whose entity began in this batch (its stream's first event is in it), so the
   * table cannot hold them yet: their rows are appended with COPY too (an import's new lines).
   */
  bornInBatch?: ReadonlySet<string>,
): Promise<void> {
  const { trx, rebuild } = ctx;
  if (!rebuild) {
    await deleteRowsByKeys(trx, table, columns, states.deletes.map(split));
    if (!bornInBatch || bornInBatch.size === 0) {
      await upsertRows(trx, table, columns, states.upserts);
      return;
    }
    const { fresh, known } = splitBy(states, (key) => !bornInBatch.has(key));
    await upsertRows(trx, table, columns, known);
    await copyRows(trx, table, fresh);
    return;
  }
  // Named by the physical table, which no projection name can equal (`…__rebuild`).
  const held = rebuild.of<true>(table);
  const deletes = states.deletes.filter((k) => held.has(k));
  await deleteRowsByKeys(trx, table, columns, deletes.map(split));
  // Forgotten only once deleted: memory may claim a key the copy lacks (an upsert is right
  // either way), never the reverse (a COPY would then break the primary key).
  for (const k of deletes) held.delete(k);
  // Keys the copy does not hold yet are remembered from now on.
  const { fresh, known } = splitBy(states, (key) => held.has(key) || (held.set(key, true), false));
  await upsertRows(trx, table, columns, known);
  await copyRows(trx, table, fresh);
}

/** Rows whose key the table may hold (`mayExist`), to upsert, and rows it cannot hold, to append. */
function splitBy(states: LastStates, mayExist: (key: string) => boolean) {
  const fresh: Record<string, unknown>[] = [];
  const known: Record<string, unknown>[] = [];
  states.upserts.forEach((row, i) => (mayExist(states.upsertKeys[i]!) ? known : fresh).push(row));
  return { fresh, known };
}
