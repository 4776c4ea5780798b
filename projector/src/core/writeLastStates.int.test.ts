import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@ghg/eventstore';
import { freshPglite, freshPostgres } from '@ghg/eventstore/testing';
import { lastStatePerKey } from './batchUpsert';
import { RebuildMemory } from './rebuildMemory';
import { writeLastStates } from './writeLastStates';
import { testDbKinds } from './testing/readModelDb';

type Change = { company: string; deal: string; value: number | null; detail?: unknown };

const KEY = ['company_id', 'deal_id'] as const;
const keyOf = (c: Change) => `${c.company}\u0000${c.deal}`;
const rowOf = (c: Change) => (c.value === null ? null : { company_id: c.company, deal_id: c.deal, value: c.value, detail: c.detail ?? { v: c.value } });
const split = (k: string) => k.split('\u0000');

// Lines recorded, changed in a later batch, removed, recorded again after removal, and removed
// before they were ever written: what a rebuild's batches replay.
const batches: Change[][] = [
  [
    { company: 'c1', deal: 'a', value: 1 },
    { company: 'c1', deal: 'b', value: 2, detail: { text: 'tab\tand \\ backslash' } },
    { company: 'c2', deal: 'a', value: 3 },
  ],
  [
    { company: 'c1', deal: 'a', value: 10 },
    { company: 'c1', deal: 'b', value: null },
    { company: 'c1', deal: 'c', value: 4 },
    { company: 'c1', deal: 'c', value: 5 },
    { company: 'c3', deal: 'x', value: 6 },
    { company: 'c3', deal: 'x', value: null },
  ],
  [
    { company: 'c1', deal: 'b', value: 7 },
    { company: 'c2', deal: 'a', value: null },
    { company: 'c1', deal: 'c', value: 8.25 },
  ],
];

describe.each(testDbKinds)('writeLastStates on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = (kind === 'pglite' ? await freshPglite() : await freshPostgres())!;
    for (const table of ['live', 'rebuilt']) {
      await db.knex.raw(`create table ${table} (company_id text, deal_id text, value numeric(24, 6) not null, detail jsonb not null, primary key (company_id, deal_id))`);
    }
  });
  afterAll(async () => db?.close());

  it('given batches that change and remove lines of earlier batches, when written as a rebuild, then the rows equal the live writes', async () => {
    const memory = new RebuildMemory();
    for (const batch of batches) {
      await db.knex.transaction(async (trx) => {
        await writeLastStates({ trx }, 'live', KEY, lastStatePerKey(batch, keyOf, rowOf), split);
        await writeLastStates({ trx, rebuild: memory }, 'rebuilt', KEY, lastStatePerKey(batch, keyOf, rowOf), split);
      });
    }
    const rebuilt = await db.knex('rebuilt').orderBy(['company_id', 'deal_id']);
    expect(rebuilt).toEqual(await db.knex('live').orderBy(['company_id', 'deal_id']));
    expect(rebuilt.map((r) => `${r.company_id}/${r.deal_id}`)).toEqual(['c1/a', 'c1/b', 'c1/c']);
    expect([...memory.of<true>('rebuilt').keys()].sort()).toEqual(['c1\u0000a', 'c1\u0000b', 'c1\u0000c']);
  });

  it('live, rows of lines born in the batch are appended (COPY) and the others upserted: the same rows as upserting all', async () => {
    for (const table of ['live_upserted', 'live_born']) {
      await db.knex.raw(`create table ${table} (company_id text, deal_id text, value numeric(24, 6) not null, detail jsonb not null, primary key (company_id, deal_id))`);
    }
    // Born: a key whose first change is in this batch (its stream starts there), never one seen before.
    const seen = new Set<string>();
    for (const batch of batches) {
      const born = new Set(batch.map(keyOf).filter((k) => !seen.has(k)));
      for (const k of born) seen.add(k);
      await db.knex.transaction(async (trx) => {
        await writeLastStates({ trx }, 'live_upserted', KEY, lastStatePerKey(batch, keyOf, rowOf), split);
        await writeLastStates({ trx }, 'live_born', KEY, lastStatePerKey(batch, keyOf, rowOf), split, born);
      });
    }
    const rows = await db.knex('live_born').orderBy(['company_id', 'deal_id']);
    expect(rows).toEqual(await db.knex('live_upserted').orderBy(['company_id', 'deal_id']));
    expect(rows.map((r) => `${r.company_id}/${r.deal_id}=${Number(r.value)}`)).toEqual(['c1/a=10', 'c1/b=7', 'c1/c=8.25']);
  });
});
