import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresEventStore, type Database } from '@ghg/eventstore';
import type { EventStore } from '@ghg/events';
import { freshPglite, freshPostgres } from '@ghg/eventstore/testing';
import { allProjections } from '../features';
import { migrateReadModels } from './migrate';
import { ProjectorRunner } from './projectorRunner';
import { rebuildProjections } from './rebuild';
import { testDbKinds } from './testing/readModelDb';

/**
 * Every event keeps "one rate per company, year and currency", yet a batch that lets two rates
 * swap a currency used to stall the currency projection: the batch writes each rate's final row,
 * and the first row written met the other's old row on the unique key. The key is now checked on
 * the batch's final state (migration 0010).
 */
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const meta = { actorUserId: null, companyId: 'c', tenantId: null, correlationId: 't', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' };
const rate = (type: string, id: string, currencyUnit: string, value: number) => ({
  id: randomUUID(),
  type,
  schemaVersion: 1,
  data: { id, companyId: 'c', fiscalYear: 2025, currencyUnit, rate: value },
  metadata: meta,
});

describe.each(testDbKinds)('unique read-model keys checked on a batch\'s final state (%s)', (kind) => {
  let db: Database | null = null;
  let store: EventStore | null = null;
  afterEach(async () => {
    await store?.close();
    await db?.close();
  });

  it('a batch in which one rate leaves USD and another takes it is applied, live and by a rebuild', async () => {
    db = kind === 'pglite' ? await freshPglite() : (await freshPostgres())!;
    await migrateReadModels(db.knex);
    store = await createPostgresEventStore(db);
    const runner = new ProjectorRunner({ db, eventStore: store, projections: allProjections, logger: quiet });
    await store.appendToStream('currencyRate-c-A', [rate('CurrencyRateAdded', 'A', 'USD', 1)]);
    await store.appendToStream('currencyRate-c-B', [rate('CurrencyRateAdded', 'B', 'JPY', 1)]);
    await runner.runUntilCaughtUp();
    // One batch: B changes first (so it is written first), then A leaves USD, then B takes it.
    await store.appendToStream('currencyRate-c-B', [rate('CurrencyRateChanged', 'B', 'JPY', 2)]);
    await store.appendToStream('currencyRate-c-A', [rate('CurrencyRateChanged', 'A', 'EUR', 1)]);
    await store.appendToStream('currencyRate-c-B', [rate('CurrencyRateChanged', 'B', 'USD', 2)]);
    await runner.runUntilCaughtUp();
    const units = async () => db!.knex('currency_rates').orderBy('id').pluck('currency_unit');
    expect(await units()).toEqual(['EUR', 'USD']);
    await rebuildProjections({ db, eventStore: store, projections: allProjections, names: ['settings/currency'], logger: quiet });
    expect(await units()).toEqual(['EUR', 'USD']);
  });

  it('a real breach of the key is still refused, as that projection\'s failure only', async () => {
    db = kind === 'pglite' ? await freshPglite() : (await freshPostgres())!;
    await migrateReadModels(db.knex);
    store = await createPostgresEventStore(db);
    const runner = new ProjectorRunner({ db, eventStore: store, projections: allProjections, logger: quiet });
    await store.appendToStream('currencyRate-c-A', [rate('CurrencyRateAdded', 'A', 'USD', 1)]);
    await store.appendToStream('currencyRate-c-B', [rate('CurrencyRateAdded', 'B', 'USD', 1)]);
    await expect(runner.runUntilCaughtUp()).rejects.toThrow(/settings\/currency/);
    // The audit log, in the same batch, went on.
    expect(await db.knex('audit_log').count<{ n: string | number }[]>({ n: '*' }).then((r) => Number(r[0]!.n))).toBe(2);
  });
});
