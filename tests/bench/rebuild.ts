import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { createPostgresEventStore } from '@ghg/eventstore';
import type { EventStore, NewEvent } from '@ghg/events';
import { freshPostgres } from '@ghg/eventstore/testing';
import { allProjections, migrateReadModels, rebuildProjections, type Projection } from '@ghg/projector';
import { printResults, type BenchResult } from './stats';

/**
 * (c) Rebuild throughput: replaying the log from zero into the product's read models, against the
 * plain cost of reading the same log (one ordered scan in batches, JSON parsed). The ratio says
 * how much the projector machinery (batch transactions, upserts, checkpoints, swap) costs on top
 * of the read it cannot avoid. Target: rebuild ≥ 25 % of the raw read rate.
 */
const STREAMS = 1000;

/** The product's own read models that currency-rate events feed: the rates table and the audit log. */
const measured = allProjections.filter((p) => p.name === 'settings/currency' || p.name === 'audit');

/** The same projections without their batch path: what one write per event would cost. */
const perEventOnly = measured.map((p): Projection => ({ name: p.name, tables: p.tables, handles: p.handles, apply: p.apply.bind(p) }));

async function seed(store: EventStore, events: number): Promise<void> {
  const perStream = Math.ceil(events / STREAMS);
  const units = ['USD', 'EUR', 'CNY', 'GBP', 'KRW'];
  const appends: Promise<unknown>[] = [];
  for (let s = 0, left = events; s < STREAMS && left > 0; s++) {
    const n = Math.min(perStream, left);
    left -= n;
    const id = `rate-${String(s).padStart(4, '0')}`;
    const companyId = `company-${s % 20}`;
    // Real currency-rate events: one rate per (company, fiscal year, currency), added then changed.
    const batch: NewEvent[] = Array.from({ length: n }, (_, i) => ({
      type: i === 0 ? 'CurrencyRateAdded' : 'CurrencyRateChanged',
      schemaVersion: 1,
      data: { id, companyId, fiscalYear: 2000 + Math.floor(s / 20), currencyUnit: units[s % units.length]!, rate: 100 + ((s * 7 + i) % 5000) / 100 },
      metadata: {
        actorUserId: 'user-bench',
        companyId,
        tenantId: 'tenant-bench',
        correlationId: `corr-${s}-${i}`,
        causationId: null,
        occurredAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      },
    }));
    // Concurrent appends share transactions in the adapter (group commit), which seeds quickly.
    appends.push(store.appendToStream(id, batch, { expectedVersion: 'no_stream' }));
  }
  await Promise.all(appends);
}

/** The floor: read the log in order, in batches, with the JSON parsed, and nothing else. */
export async function rawRead(knex: Knex, batchSize: number): Promise<number> {
  let after = '0';
  let count = 0;
  for (;;) {
    // Qualified ORDER BY: the text alias would otherwise sort positions as strings.
    const { rows } = await knex.raw<{ rows: { global_position: string; data: unknown; metadata: unknown }[] }>(
      `select global_position::text as global_position, event_id, stream_id, stream_position, type, schema_version, data, metadata, recorded_at
         from es_events where global_position > ?::bigint order by es_events.global_position limit ?`,
      [after, batchSize],
    );
    if (rows.length === 0) return count;
    count += rows.length;
    after = rows.at(-1)!.global_position;
  }
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - t0) / 1000 };
}

export async function benchRebuild(opts: { databaseUrl?: string; events?: number; batchSize?: number; perEvent?: boolean } = {}): Promise<BenchResult[]> {
  const events = opts.events ?? 100_000;
  const batchSize = opts.batchSize ?? 5000;
  const db = await freshPostgres(opts.databaseUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  if (!db) throw new Error('benchRebuild needs PostgreSQL (DATABASE_URL)');
  const store = await createPostgresEventStore(db);
  try {
    const seeded = await timed(() => seed(store, events));
    await migrateReadModels(db.knex);
    await db.knex.raw('analyze es_events');
    await rawRead(db.knex, batchSize); // warm the cache, so both runs read from memory
    const rebuild = (batched: boolean) =>
      timed(() => rebuildProjections({ db, eventStore: store, projections: batched ? measured : perEventOnly, names: 'all', batchSize }));
    // Raw reads before and after the rebuild, averaged, so a busy machine weighs on both sides.
    const rawBefore = await timed(() => rawRead(db.knex, batchSize));
    const batched = await rebuild(true);
    const rawAfter = await timed(() => rawRead(db.knex, batchSize));
    const rows = Number((await db.knex('currency_rates').count<{ count: string }[]>('* as count'))[0]!.count);
    const auditRows = Number((await db.knex('audit_log').count<{ count: string }[]>('* as count'))[0]!.count);
    const rawRate = (rawBefore.value + rawAfter.value) / (rawBefore.seconds + rawAfter.seconds);
    const rebuildRate = batched.value.events / batched.seconds;
    const figures: BenchResult['figures'] = {
      events: batched.value.events,
      streams: STREAMS,
      batch_size: batchSize,
      read_models: 'currency_rates + audit_log',
      currency_rate_rows: rows,
      audit_log_rows: auditRows,
      seed_s: round(seeded.seconds),
      raw_read_ev_per_s: Math.round(rawRate),
      rebuild_ev_per_s: Math.round(rebuildRate),
      rebuild_vs_raw_pct: round((rebuildRate / rawRate) * 100),
      target_pct: '≥ 25',
    };
    if (opts.perEvent ?? true) {
      // The same rebuild through `apply` only: what a projection without applyBatch costs.
      const single = await rebuild(false);
      figures.rebuild_per_event_apply_ev_per_s = Math.round(single.value.events / single.seconds);
      figures.rebuild_per_event_apply_vs_raw_pct = round((single.value.events / single.seconds / rawRate) * 100);
    }
    return [{ name: `(c) rebuild from zero, PostgreSQL, ${events.toLocaleString('en-US')} events`, figures }];
  } finally {
    await store.close();
    await db.close();
  }
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const events = Number(process.env.BENCH_EVENTS ?? 100_000);
  printResults(await benchRebuild({ events }));
  process.exit(0);
}
