import type { Knex } from 'knex';
import pg from 'pg';
import { copyField, copyLines } from '@ghg/eventstore';
import { insertRows } from './batchUpsert';

export { copyField };

/**
 * Appends rows to a table that cannot hold them yet: a rebuild's fresh copy. On PostgreSQL this
 * is `COPY … FROM STDIN`, about twice as fast as an INSERT of the same rows; on PGlite (no COPY
 * from a client stream) it is a plain multi-row insert. Objects and arrays go to JSON(B) columns.
 */
export async function copyRows(trx: Knex.Transaction, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const connection: unknown = await trx.client.acquireConnection();
  if (!(connection instanceof pg.Client)) {
    await insertRows(trx, table, rows);
    return;
  }
  const columns = Object.keys(rows[0]!);
  const statement = `copy "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) from stdin`;
  await copyLines(connection, statement, rowLines(rows, columns));
}

/** COPY's text format, a line per row. */
function* rowLines(rows: readonly Record<string, unknown>[], columns: readonly string[]): Generator<string> {
  const last = columns.length - 1;
  for (const row of rows) {
    let line = '';
    for (let c = 0; c <= last; c++) line += copyField(row[columns[c]!]) + (c === last ? '\n' : '\t');
    yield line;
  }
}
