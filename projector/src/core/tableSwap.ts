import type { Knex } from 'knex';

/**
 * Fresh copies of read-model tables for a rebuild, and the swap that puts them in place.
 *
 * Limits, checked where cheap: a rebuildable table has no serial column (the copy would share
 * its sequence, which dies with the old table; use an identity column or a natural key), no
 * foreign keys pointing at it and no views over it (the drop would fail), and no privileges,
 * triggers or policies of its own (`like … including all` copies none of them).
 */
export const REBUILD_SUFFIX = '__rebuild';
const MAX_IDENTIFIER = 63;

export function rebuildName(table: string): string {
  return `${table}${REBUILD_SUFFIX}`;
}

export async function prepareRebuildTables(knex: Knex, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    if (rebuildName(table).length > MAX_IDENTIFIER) {
      throw new Error(`Table name ${table} is too long to rebuild (at most ${MAX_IDENTIFIER - REBUILD_SUFFIX.length} characters)`);
    }
    const serial = await knex.raw<{ rows: { column_name: string }[] }>(
      `select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ? and column_default like 'nextval(%'`,
      [table],
    );
    if (serial.rows.length > 0) {
      throw new Error(`Table ${table} cannot be rebuilt: column ${serial.rows[0]!.column_name} is serial; use an identity column`);
    }
  }
  await knex.transaction(async (trx) => {
    for (const table of tables) {
      // A stale copy is what an interrupted rebuild leaves behind.
      await trx.raw('drop table if exists ??', [rebuildName(table)]);
      await trx.raw('create table ?? (like ?? including all)', [rebuildName(table), table]);
      // Plain (non-unique) indexes only serve readers, and nobody reads a copy: building them once
      // before the swap is far cheaper than updating them on every batch of the replay.
      for (const index of await plainIndexes(trx, rebuildName(table))) await trx.raw('drop index ??', [index.name]);
    }
  });
}

async function plainIndexes(trx: Knex.Transaction, table: string): Promise<{ name: string; def: string }[]> {
  const { rows } = await trx.raw<{ rows: { name: string; def: string }[] }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = to_regclass(quote_ident(?)) and not i.indisunique and not i.indisprimary`,
    [table],
  );
  return rows;
}

/** Gives each copy the plain indexes of its live table, which prepareRebuildTables left out. */
async function restorePlainIndexes(trx: Knex.Transaction, table: string): Promise<void> {
  const onCopy = new Set((await plainIndexes(trx, rebuildName(table))).map((i) => i.def.slice(i.def.indexOf(' USING '))));
  for (const [n, index] of (await plainIndexes(trx, table)).entries()) {
    const shape = index.def.slice(index.def.indexOf(' USING '));
    if (onCopy.has(shape)) continue;
    // Named for the copy; restoreNames gives the live name back after the swap.
    await trx.raw(`create index ?? on ?? ${shape.replace(/^ USING /, 'using ')}`, [`${table.slice(0, 40)}__rb_${n}`, rebuildName(table)]);
  }
}

export async function dropRebuildTables(knex: Knex, tables: readonly string[]): Promise<void> {
  for (const table of tables) await knex.raw('drop table if exists ??', [rebuildName(table)]);
}

/** Replaces each table by its rebuilt copy inside `trx`, so readers switch over at commit. */
export async function swapInRebuiltTables(trx: Knex.Transaction, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await restorePlainIndexes(trx, table);
    const before = await namesOf(trx, table);
    await trx.raw('drop table ??', [table]);
    await trx.raw('alter table ?? rename to ??', [rebuildName(table), table]);
    // The copy's indexes, constraints and sequences got generated names (…__rebuild_pkey);
    // give back the originals so later migrations that name them, and the next rebuild, work.
    await restoreNames(trx, table, before, await namesOf(trx, table));
  }
}

interface NamedObject {
  kind: 'index' | 'constraint' | 'sequence';
  name: string;
  /** What the object is, independent of its name and its table's name. */
  key: string;
}

async function namesOf(trx: Knex.Transaction, table: string): Promise<NamedObject[]> {
  const indexes = await trx.raw<{ rows: { name: string; unique: boolean; primary: boolean; def: string }[] }>(
    `select c.relname as name, i.indisunique as unique, i.indisprimary as primary, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = to_regclass(quote_ident(?))`,
    [table],
  );
  const constraints = await trx.raw<{ rows: { name: string; type: string; def: string }[] }>(
    `select conname as name, contype::text as type, pg_get_constraintdef(oid) as def
       from pg_constraint where conrelid = to_regclass(quote_ident(?)) and conindid = 0`,
    [table],
  );
  const sequences = await trx.raw<{ rows: { column: string; name: string }[] }>(
    `select a.attname as column, s.relname as name
       from pg_attribute a
       join pg_class s on s.oid = to_regclass(pg_get_serial_sequence(quote_ident(?), a.attname))
      where a.attrelid = to_regclass(quote_ident(?)) and a.attnum > 0 and not a.attisdropped`,
    [table, table],
  );
  return [
    ...indexes.rows.map((r) => ({ kind: 'index' as const, name: r.name, key: `${r.unique}|${r.primary}|${r.def.slice(r.def.indexOf(' USING '))}` })),
    ...constraints.rows.map((r) => ({ kind: 'constraint' as const, name: r.name, key: `${r.type}|${r.def}` })),
    ...sequences.rows.map((r) => ({ kind: 'sequence' as const, name: r.name, key: r.column })),
  ];
}

async function restoreNames(trx: Knex.Transaction, table: string, before: NamedObject[], after: NamedObject[]): Promise<void> {
  const unused = [...before];
  const renames: { object: NamedObject; to: string }[] = [];
  for (const object of after) {
    const i = unused.findIndex((b) => b.kind === object.kind && b.key === object.key);
    if (i < 0) continue;
    const [original] = unused.splice(i, 1);
    if (original!.name !== object.name) renames.push({ object, to: original!.name });
  }
  // Through temporary names, in case one copy already holds the name another must take.
  const temporary = renames.map((r, i) => ({ ...r, via: `${table.slice(0, 40)}__swap_${i}` }));
  for (const r of temporary) await rename(trx, table, r.object, r.via);
  for (const r of temporary) await rename(trx, table, { ...r.object, name: r.via }, r.to);
}

async function rename(trx: Knex.Transaction, table: string, object: NamedObject, to: string): Promise<void> {
  if (object.kind === 'index') await trx.raw('alter index ?? rename to ??', [object.name, to]);
  else if (object.kind === 'sequence') await trx.raw('alter sequence ?? rename to ??', [object.name, to]);
  else await trx.raw('alter table ?? rename constraint ?? to ??', [table, object.name, to]);
}
