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
): Promise<void> {
  const { trx, rebuild } = ctx;
  if (!rebuild) {
    await deleteRowsByKeys(trx, table, columns, states.deletes.map(split));
    await upsertRows(trx, table, columns, states.upserts);
    return;
  }
  // Named by the physical table, which no projection name can equal (`…__rebuild`).
  const held = rebuild.of<true>(table);
  const deletes = states.deletes.filter((k) => held.has(k));
  await deleteRowsByKeys(trx, table, columns, deletes.map(split));
  // Forgotten only once deleted: memory may claim a key the copy lacks (an upsert is right
  // either way), never the reverse (a COPY would then break the primary key).
  for (const k of deletes) held.delete(k);
  const { fresh, known } = splitByHeld(states, held);
  await upsertRows(trx, table, columns, known);
  await copyRows(trx, table, fresh);
}

/** Rows whose key the copy does not hold yet (remembered from now on), and rows it holds. */
function splitByHeld(states: LastStates, held: Map<string, true>) {
  const fresh: Record<string, unknown>[] = [];
  const known: Record<string, unknown>[] = [];
  states.upserts.forEach((row, i) => {
    const key = states.upsertKeys[i]!;
    if (held.has(key)) known.push(row);
    else {
      fresh.push(row);
      held.set(key, true);
    }
  });
  return { fresh, known };
}
