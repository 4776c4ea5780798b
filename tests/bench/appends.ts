import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPostgresEventStore, type Database } from '@ghg/eventstore';
import type { EventMetadata, NewEvent } from '@ghg/events';
import { freshPglite, freshPostgres } from '@ghg/eventstore/testing';
import { latencySummary, type BenchResult } from './stats';

export type { BenchResult } from './stats';

/**
 * (a) Append throughput of the PostgreSQL adapter against the floor PostgreSQL itself sets: raw
 * single-row INSERT transactions on the same server and scratch database, with 1 and 8
 * concurrent writers. Every adapter append is one event on the writer's own stream at the exact
 * expected version, so it pays for the advisory lock, the version check and the NOTIFY. Target:
 * the adapter reaches at least 50% of raw at each concurrency.
 */
export async function benchAppends(opts: { databaseUrl: string; durationMs?: number }): Promise<BenchResult[]> {
  const durationMs = opts.durationMs ?? 3000;
  const db = await freshPostgres(opts.databaseUrl);
  if (!db) throw new Error('benchAppends needs a PostgreSQL URL');
  const results: BenchResult[] = [];
  const ratios: Record<string, string> = {};
  try {
    const url = (db.config as { url: string }).url;
    for (const writers of [1, 8]) {
      const [raw, adapter] = await interleaved(durationMs, [await rawInserts(url, writers), await adapterAppends(db, writers)]);
      results.push(
        figures(`raw INSERT transactions, PostgreSQL ×${writers}`, raw!),
        figures(`event store appends, PostgreSQL ×${writers}`, adapter!),
      );
      ratios[`×${writers}`] = percent(adapter!.rate / raw!.rate);
    }
    results.push({ name: 'event store ÷ raw (target ≥ 50%)', figures: ratios });
  } finally {
    await db.close();
  }
  const lite = await freshPglite();
  try {
    const [run] = await interleaved(durationMs, [await adapterAppends(lite, 1)]);
    results.push(figures('event store appends, PGlite ×1 (information)', run!));
  } finally {
    await lite.close();
  }
  printTable(results);
  return results;
}

interface Run {
  writers: number;
  count: number;
  seconds: number;
  rate: number;
  latenciesMs: number[];
}

const metadata: EventMetadata = {
  actorUserId: '8c1e4b9a-0f1d-4c36-9d0b-3f4f1f0e2a11',
  companyId: '4b7a0c55-9f7e-4a7e-b1c4-61a3c0a0c0de',
  tenantId: 'e2a7f9d0-5b1c-4f0e-8a8b-0c1d2e3f4a5b',
  correlationId: 'bench',
  causationId: null,
  occurredAt: '2025-04-01T09:00:00.000Z',
};
/** About the size of a real activity-data event. */
const data = { id: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d', fiscalYear: 2025, month: 4, quantity: { value: '1234.5', unit: 'kWh' }, note: 'benchmark' };
const newEvent = (): NewEvent => ({ type: 'ActivityRecorded', schemaVersion: 1, data, metadata });

interface Workload {
  writers: number;
  step(writer: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Runs the workloads in alternating slices rather than one after the other, so that a change in
 * the machine's load (other processes, autovacuum, a checkpoint) hits both sides of a ratio alike.
 */
async function interleaved(durationMs: number, workloads: Workload[], slices = 6): Promise<Run[]> {
  const runs: Run[] = workloads.map((w) => ({ writers: w.writers, count: 0, seconds: 0, rate: 0, latenciesMs: [] }));
  try {
    for (let slice = 0; slice < slices; slice++) {
      for (const [i, workload] of workloads.entries()) {
        const run = runs[i]!;
        const started = performance.now();
        const deadline = started + durationMs / slices;
        await Promise.all(
          Array.from({ length: workload.writers }, async (_, w) => {
            while (performance.now() < deadline) {
              const t0 = performance.now();
              await workload.step(w);
              run.latenciesMs.push(performance.now() - t0);
            }
          }),
        );
        run.seconds += (performance.now() - started) / 1000;
      }
    }
  } finally {
    for (const w of workloads) await w.close();
  }
  for (const run of runs) {
    run.count = run.latenciesMs.length;
    run.rate = run.count / run.seconds;
  }
  return runs;
}

async function adapterAppends(db: Database, writers: number): Promise<Workload> {
  const store = await createPostgresEventStore(db);
  const prefix = `bench-${writers}-${Date.now()}`;
  const versions = new Array<number>(writers).fill(-1);
  return {
    writers,
    step: async (w) => {
      const result = await store.appendToStream(`${prefix}-${w}`, [newEvent()], { expectedVersion: versions[w]! });
      versions[w] = result.nextExpectedVersion;
    },
    close: () => store.close(),
  };
}

async function rawInserts(url: string, connections: number): Promise<Workload> {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  await clients[0]!.query('create table if not exists bench_raw (id bigserial primary key, data jsonb not null)');
  const payload = JSON.stringify({ ...data, metadata });
  return {
    writers: connections,
    step: async (w) => {
      const c = clients[w]!;
      await c.query('begin');
      await c.query('insert into bench_raw (data) values ($1::jsonb)', [payload]);
      await c.query('commit');
    },
    close: async () => void (await Promise.all(clients.map((c) => c.end()))),
  };
}

function figures(name: string, run: Run): BenchResult {
  const { p50_ms, p99_ms } = latencySummary(run.latenciesMs);
  return {
    name,
    figures: { writers: run.writers, appends: run.count, per_second: Math.round(run.rate), p50_ms, p99_ms },
  };
}

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

function printTable(results: readonly BenchResult[]): void {
  console.log('\nappends');
  for (const r of results) {
    const cells = Object.entries(r.figures).map(([k, v]) => `${k} ${typeof v === 'number' ? v.toLocaleString('en-US') : v}`);
    console.log(`  ${r.name.padEnd(48)} ${cells.join('  ')}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchAppends({ databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
  process.exit(0);
}
