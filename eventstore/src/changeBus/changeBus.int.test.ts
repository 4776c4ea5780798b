import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeNotice } from '@ghg/events';
import { openDatabase, type Database } from '../core/database';
import { freshPglite, freshPostgres } from '../testing/freshDatabase';
import { createChangeBus } from './createChangeBus';

const notice = (id: string, ids: string[] = [id]): ChangeNotice => ({ topic: 'settings/currency', companyId: 'c1', tenantId: 't1', ids, position: '7/7' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(5);
  }
}

describe('change bus on PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshPglite();
  });
  afterAll(async () => {
    await db.close();
  });

  it('is in-memory, and honours the outcome of a real transaction', async () => {
    const bus = await createChangeBus(db);
    const got: string[] = [];
    bus.subscribe((ns) => got.push(...ns.flatMap((n) => n.ids)));
    await bus.publish([notice('now')]);
    expect(got).toEqual(['now']);
    await db.knex.transaction(async (trx) => {
      await bus.publish([notice('committed')], trx);
      expect(got).toEqual(['now']);
    });
    await db.knex
      .transaction(async (trx) => {
        await bus.publish([notice('rolled-back')], trx);
        throw new Error('abort');
      })
      .catch(() => {});
    await sleep(10);
    expect(got).toEqual(['now', 'committed']);
    await bus.close();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('change bus on PostgreSQL', () => {
  let db: Database;
  let other: Database;
  beforeAll(async () => {
    db = (await freshPostgres())!;
    other = await openDatabase({ kind: 'postgres', url: (db.config as { url: string }).url });
  });
  afterAll(async () => {
    await other?.close();
    await db?.close();
  });

  it('carries notices to another process, large ones split, transactional ones at commit only', async () => {
    const publisher = await createChangeBus(db);
    const subscriber = await createChangeBus(other);
    const got: ChangeNotice[] = [];
    subscriber.subscribe((ns) => got.push(...ns));
    await sleep(300); // the LISTEN connection opens with the first subscriber

    await publisher.publish([notice('a'), notice('b')]);
    await until(() => got.length === 2, 'plain notices');
    expect(got.map((n) => n.ids[0])).toEqual(['a', 'b']);

    const ids = Array.from({ length: 3000 }, (_, i) => `row-${i}`);
    await publisher.publish([notice('big', ids)]);
    await until(() => got.slice(2).flatMap((n) => n.ids).length === ids.length, 'split notice');
    expect(got.slice(2).flatMap((n) => n.ids)).toEqual(ids);
    expect(got.length).toBeGreaterThan(3);

    got.length = 0;
    await db.knex.transaction(async (trx) => {
      await publisher.publish([notice('in-trx')], trx);
      await sleep(200);
      expect(got).toEqual([]);
    });
    await db.knex
      .transaction(async (trx) => {
        await publisher.publish([notice('rolled-back')], db);
        await publisher.publish([notice('never')], trx);
        throw new Error('abort');
      })
      .catch(() => {});
    await until(() => got.length === 2, 'committed notices');
    await sleep(200);
    expect(got.map((n) => n.ids[0])).toEqual(['in-trx', 'rolled-back']);

    await publisher.close();
    await subscriber.close();
  });

  it('holds a LISTEN connection only while subscribed and until closed', async () => {
    const count = async () =>
      Number(
        (await db.knex.raw<{ rows: { n: string }[] }>(
          "select count(*)::text as n from pg_stat_activity where datname = current_database() and query ilike 'listen%ghg_changes%'",
        )).rows[0]!.n,
      );
    const bus = await createChangeBus(other);
    await bus.publish([notice('x')]);
    expect(await count()).toBe(0);
    bus.subscribe(() => {});
    await sleep(300);
    expect(await count()).toBe(1);
    await bus.close();
    await sleep(200);
    expect(await count()).toBe(0);
  });
});
