import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@ghg/eventstore';
import { freshPglite, freshPostgres } from '@ghg/eventstore/testing';
import { copyField, copyRows } from './copyRows';
import { insertRows } from './batchUpsert';
import { testDbKinds } from './testing/readModelDb';

// Values that COPY's text format must escape, and JSON with quotes and backslashes in it.
const rows = [
  { id: 1, name: 'tab\there', note: 'line\nbreak\r\nand \\ backslash', changes: [{ field: 'a"b', before: null, after: 'c\\d\te' }] },
  { id: 2, name: '指定なし', note: null, changes: [] },
  { id: 3, name: '\\N', note: '', changes: { nested: { x: 1.5, y: 'z' } } },
];

describe('copyField', () => {
  it('given null, tab, newline and backslash, when encoded, then COPY reads them back as they were', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
    expect(copyField({ k: 'v\t' })).toBe('{"k":"v\\\\t"}');
    expect(copyField(12.5)).toBe('12.5');
    expect(copyField(Number.NaN)).toBe('\\N'); // as JSON writes it: null
    expect(copyField(false)).toBe('false');
    expect(copyField(new Date(Date.UTC(2026, 10, 23)))).toBe('2026-11-23T00:00:00.000Z');
    expect(copyField('plain text, nothing to escape')).toBe('plain text, nothing to escape');
  });
});

describe.each(testDbKinds)('copyRows on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = (kind === 'pglite' ? await freshPglite() : await freshPostgres())!;
    for (const table of ['copied', 'inserted']) {
      await db.knex.raw(`create table ${table} (id bigint primary key, name text not null, note text, changes jsonb not null)`);
    }
  });
  afterAll(async () => db?.close());

  it('given awkward values, when copied in a transaction, then the rows equal a plain insert of the same rows', async () => {
    await db.knex.transaction(async (trx) => {
      await copyRows(trx, 'copied', rows);
      await insertRows(trx, 'inserted', rows);
    });
    const copied = await db.knex('copied').orderBy('id');
    expect(copied).toEqual(await db.knex('inserted').orderBy('id'));
    expect(copied.map((r) => r.name)).toEqual(['tab\there', '指定なし', '\\N']);
    expect(copied[0].changes).toEqual(rows[0]!.changes);
    expect(copied[1].note).toBeNull();
  });

  it('given a transaction that rolls back, when rows were copied in it, then none stay', async () => {
    await expect(
      db.knex.transaction(async (trx) => {
        await copyRows(trx, 'copied', [{ id: 10, name: 'x', note: null, changes: [] }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.knex('copied').where({ id: 10 })).toEqual([]);
  });
});
