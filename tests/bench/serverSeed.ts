import { startEmbedded } from '@ghg/app';
import { createPostgresEventStore, openDatabase } from '@ghg/eventstore';
import { allProjections, waitForCheckpoints } from '@ghg/projector';
import type { ChildServer } from '../integration/childServer';
import type { JsonAnswer } from '../integration/commandLoad';
import { call, login } from '../integration/embeddedApp';
import type { ChildServerTarget } from './childServers';
import { printResults, type BenchResult } from './stats';
import { appendLines, type LineCompany } from './lineLoad';

/**
 * Lines added to a server's event log on the seed's path (`appendLines`) while the server is
 * in its own process, then projected by the server's own projector (so every read model — ledger,
 * totals, audit log — holds them as after real use). Used by (e) `lines`, (i) `views` and (j)
 * `exportByScope`.
 */

export interface Preloaded {
  lines: number;
  appendSeconds: number;
  /** From the last append until every projection held the lines. */
  catchUpSeconds: number;
  /** `vacuum (analyze)` afterwards (PostgreSQL only). */
  vacuumSeconds?: number;
}

export interface AppendPlan {
  years: readonly number[];
  lines: number;
  /** Continues an earlier step's numbering (`appendLines`' `startAt`). */
  startAt?: number;
  everySection?: boolean;
  onProgress?: (done: number) => void;
}

/** A logged-in user's GET, throwing on anything but 200. */
export type Get = (path: string) => Promise<JsonAnswer>;

/**
 * PostgreSQL: the lines appended to the log by another connection while the server runs, until
 * every projection of the server holds them; then `vacuum (analyze)`, as autovacuum would do after
 * such a load, so it does not happen during a measured run.
 */
export async function appendWhileRunning(databaseUrl: string, companies: readonly LineCompany[], plan: AppendPlan): Promise<Preloaded> {
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    const store = await createPostgresEventStore(db);
    try {
      const appended = await appendLines(store, companies, plan.years, plan.lines, { ...optional(plan) });
      const appendedAt = performance.now();
      const head = await store.headPosition();
      if (head) await waitForCheckpoints(db.knex, allProjections.map((p) => p.name), head, { timeoutMs: 3_600_000, intervalMs: 200 });
      const caughtUpAt = performance.now();
      await db.knex.raw('vacuum (analyze)');
      return { lines: plan.lines, appendSeconds: appended.seconds, catchUpSeconds: (caughtUpAt - appendedAt) / 1000, vacuumSeconds: (performance.now() - caughtUpAt) / 1000 };
    } finally {
      await store.close();
    }
  } finally {
    await db.close();
  }
}

/**
 * Embedded, the server stopped (its PGlite folder can be open in one process only): the app in
 * this process on the server's data folder, the lines appended and projected by that app's own
 * projector, the app stopped. `companiesOf` picks the lines' companies through the API as the
 * demo administrator.
 */
export async function appendWhileStopped(target: ChildServerTarget, companiesOf: (get: Get) => Promise<readonly LineCompany[]>, plan: AppendPlan): Promise<Preloaded> {
  const running = await startEmbedded(target.env);
  try {
    const app = { ...running, stop: running.close };
    const token = await login(app, 'admin@demo.example');
    const get: Get = async (path) => {
      const res = await call(app, 'GET', path, token);
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as JsonAnswer;
    };
    const store = running.infra.eventStore;
    const appended = await appendLines(store, await companiesOf(get), plan.years, plan.lines, { ...optional(plan) });
    const appendedAt = performance.now();
    const head = await store.headPosition();
    if (head) await running.runner.waitForPosition(head, { timeoutMs: 3_600_000 });
    return { lines: plan.lines, appendSeconds: appended.seconds, catchUpSeconds: (performance.now() - appendedAt) / 1000 };
  } finally {
    await running.close();
  }
}

/**
 * One seeding step of a benchmark that measures its server as the ledger grows: on PostgreSQL
 * appended while `server` runs; embedded, with the server stopped, then started again. Returns the
 * server to measure (a new process when embedded) and how the seeding went.
 */
export async function seedStep(target: ChildServerTarget, server: ChildServer, companies: readonly LineCompany[], plan: AppendPlan): Promise<{ server: ChildServer; pre: Preloaded }> {
  if (target.databaseUrl) return { server, pre: await appendWhileRunning(target.databaseUrl, companies, plan) };
  let pre: Preloaded | undefined;
  const restarted = await target.restart(async () => {
    pre = await appendWhileStopped(target, async () => companies, plan);
  });
  return { server: restarted, pre: pre! };
}

/** How a seeding step went, as a result's figures. */
export function seedFigures(pre: Preloaded): Record<string, number> {
  return {
    seed_append_s: round1(pre.appendSeconds),
    seed_append_lines_per_s: Math.round(pre.lines / pre.appendSeconds),
    seed_projection_catch_up_after_append_s: round1(pre.catchUpSeconds),
    ...(pre.vacuumSeconds === undefined ? {} : { seed_vacuum_analyze_s: round1(pre.vacuumSeconds) }),
  };
}

/**
 * A ledger grown through `steps` (lines, ascending), measured after each: the lines missing up to
 * a step are seeded (`seedStep`, numbered on from the last step), then `measure` gives the step's
 * result from the server as it now runs, the seeding's figures and the step's size; each result is
 * printed as it comes. On kept data (BENCH_REUSE_…) the first step names what the kept run seeded:
 * measured as it is; any further step is seeded on top of it.
 */
export async function growAndMeasure(
  target: ChildServerTarget,
  first: ChildServer,
  companies: readonly LineCompany[],
  steps: readonly number[],
  plan: Omit<AppendPlan, 'lines' | 'startAt'>,
  measure: (server: ChildServer, size: number, seeding: Record<string, number | string>) => Promise<BenchResult>,
): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  let server = first;
  let seeded = target.reused ? steps[0]! : 0;
  for (const size of steps) {
    let figures: Record<string, number | string> = { reused_data: 'yes (seeded by an earlier run)' };
    if (size !== seeded) {
      const started = new Date().toISOString();
      const seeding = await seedStep(target, server, companies, { ...plan, lines: size - seeded, startAt: seeded });
      server = seeding.server;
      figures = { seed_started: started, ...seedFigures(seeding.pre) };
      seeded = size;
    }
    results.push(await measure(server, size, figures));
    printResults([results[results.length - 1]!]);
  }
  return results;
}

/** What `appendLines` takes of the plan. */
const optional = (plan: AppendPlan) => ({ startAt: plan.startAt, everySection: plan.everySection, onProgress: plan.onProgress });

/** Progress every 30 s of a long seed, as `<tag> <label>: N lines appended`. */
export function seedProgress(tag: string, label: string): (done: number) => void {
  let last = performance.now();
  return (done) => {
    if (performance.now() - last < 30_000) return;
    last = performance.now();
    console.log(`  ${tag} ${label}: ${done.toLocaleString('en-US')} lines appended`);
  };
}

/** Round to one decimal, for seconds in a result. */
export const round1 = (n: number) => Math.round(n * 10) / 10;
