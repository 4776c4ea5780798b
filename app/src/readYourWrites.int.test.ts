import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@ghg/eventstore';
import { freshPglite } from '@ghg/eventstore/testing';
import { migrateReadModels } from '@ghg/projector';
import { pollProjectionCheckpoints } from './readYourWrites';

/** The distributed command-api's read-your-writes wait: for every projection but one marked failed (halted). */
let db: Database;
beforeAll(async () => {
  db = await freshPglite();
  await migrateReadModels(db.knex);
});
afterAll(async () => db?.close());

const at = (n: number) => ({ commit: BigInt(n), prepare: BigInt(n) });

it('waits for the slowest projection, but not for one marked failed', async () => {
  await db.knex('projection_checkpoints').insert([
    { name: 'ahead', commit_position: 10, prepare_position: 10 },
    { name: 'halted', commit_position: 3, prepare_position: 3 },
  ]);
  const wait = pollProjectionCheckpoints(db.knex, 300, 5);
  let started = performance.now();
  await wait(at(10));
  // Waited out the timeout: 'halted' is behind and, so far, only slow.
  expect(performance.now() - started).toBeGreaterThanOrEqual(290);

  const now = new Date();
  await db.knex('projection_failures').insert({ name: 'halted', commit_position: 4, prepare_position: 4, error: 'numeric field overflow', attempts: 3, first_failed_at: now, last_failed_at: now });
  started = performance.now();
  await wait(at(10));
  expect(performance.now() - started).toBeLessThan(100);
});
