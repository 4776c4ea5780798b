import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { startEmbedded } from '@ghg/app';
import { toNewEvent } from '@ghg/command-api';
import { activityLinesDecider, activityLineStreamId, type ActivityLineCommand, type ActivityLineState, type Deal } from '@ghg/domain';
import type { EventStore, JsonValue, NewEvent } from '@ghg/events';
import { createPostgresEventStore, openDatabase } from '@ghg/eventstore';
import { allProjections, waitForCheckpoints } from '@ghg/projector';
import type { ChildServer } from '../integration/childServer';
import type { JsonAnswer } from '../integration/commandLoad';
import { apiOf, BENCH_COMPANIES, organisation, type Api } from './benchGroup';
import { onChildServers, type ChildServerTarget } from './childServers';
import { BENCH_KINDS, BENCH_START_MONTH, BENCH_YEARS, benchBasis, benchDeal, benchMetadata, benchSettings, type LineCompany } from './lineLoad';
import { round1, seedProgress } from './serverSeed';
import { latencySummary, printResults, type BenchResult } from './stats';

/**
 * (l) and (m) of issue 16, on one seeded server each (the server in its own process, as `npm
 * start` runs it; embedded and on a scratch PostgreSQL database).
 *
 * Seed: the group of (i) (50 companies, the selected one with 20 sections), `lines` activity lines
 * over 5 fiscal years appended on the seed's path, then every line changed once (its quantity
 * × 1.1: an `ActivityLineChanged` each), so `lines` ledger lines come from 2 × `lines` line events
 * and the temporal ledger holds two versions of each. The changes are appended in the order the
 * lines were, and the moment the first half of them is in the log is noted: as of that moment
 * about half the lines had changed once. Everything is projected by the server's own projector.
 *
 * (l) `GET /api/reports/draft?fiscalYear=2025` of the selected company as of that past moment (by
 * date-time, as an auditor would give it, and by the log position it resolves to) and as of now,
 * in turn, `runs` times each after a warm-up; the first (cold) answer of each is reported apart.
 *
 * (m) The past moment's report filed (`POST /api/reports/file`), `GET /api/reports/:id` (which
 * re-renders it from the log and compares its hash), then every read model rebuilt by the rebuild
 * CLI (`npm run rebuild -- --all`: on PostgreSQL beside the running server, embedded with the
 * server stopped, as the CLI requires), and `GET /api/reports/:id` again: identical hash yes/no.
 */
const YEAR = BENCH_YEARS[BENCH_YEARS.length - 1]!;
const WARM_UP = 3;
const CHUNK = 4000;
const root = resolve(import.meta.dirname, '../..');

/** A GET timed to its last byte. */
async function timedGet(api: Api, path: string): Promise<{ ms: number; body: JsonAnswer }> {
  const t0 = performance.now();
  const res = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${api.token}` } });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { ms, body: JSON.parse(text) as JsonAnswer };
}

/** A deal and its line detail with every quantity × 1.1 (one decimal): a correction that changes the line's figures. */
function corrected(deal: Deal, detail: Record<string, JsonValue>): { deal: Deal; detail: Record<string, JsonValue> } {
  const times = (n: number) => Math.round(n * 11) / 10;
  const scaled = Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, typeof v === 'number' ? times(v) : v]));
  return { deal: { ...deal, count: deal.count === null ? null : times(deal.count), amount: deal.amount === null ? null : times(deal.amount) }, detail: scaled };
}

/**
 * Line `j` of the seed (spread over companies × years as `appendLines` spreads them, each line on
 * its company's sections in turn), recorded (`ids[j]` is set) or, with `change`, changed: decided
 * by the activity-line decider on the state its recording left, so the event is the
 * `ActivityLineChanged` a command would append.
 */
function lineEvent(companies: readonly LineCompany[], settings: ReturnType<typeof benchSettings>[], ids: string[], j: number, change: boolean): { streamId: string; events: NewEvent[] } {
  const cells = companies.length * BENCH_YEARS.length;
  const cell = j % cells;
  const c = cell % companies.length;
  const company = companies[c]!;
  const fiscalYear = BENCH_YEARS[Math.floor(cell / companies.length)]!;
  const n = Math.floor(j / cells);
  const { kind, deal, detail } = benchDeal(fiscalYear, n);
  if (change) deal.id = ids[j]!;
  else ids[j] = deal.id;
  const perKind = BENCH_KINDS.length;
  const all = settings[c]!;
  const setting = all[kind + perKind * (Math.floor(n / (perKind * 12)) % (all.length / perKind))]!;
  const command = (d: Deal, det: Record<string, JsonValue>): ActivityLineCommand => ({
    type: 'RecordActivityLine',
    companyId: company.companyId,
    deal: d,
    scopeSetting: setting,
    scopeSettingDetail: det,
    startMonth: BENCH_START_MONTH,
    basis: benchBasis(fiscalYear),
    sections: { sectionIds: [...company.sectionIds], permittedSectionIds: null },
  });
  let state: ActivityLineState = activityLinesDecider.initialState();
  let decision = activityLinesDecider.decide(command(deal, detail), state);
  if (change && decision.ok) {
    state = activityLinesDecider.evolve(state, decision.events[0]!, 0);
    const fix = corrected(deal, detail);
    decision = activityLinesDecider.decide(command(fix.deal, fix.detail), state);
  }
  if (!decision.ok) throw new Error(`(l) line ${j}: ${decision.error}`);
  const expected = change ? 'ActivityLineChanged' : 'ActivityLineRecorded';
  if (decision.events.length !== 1 || decision.events[0]!.type !== expected) throw new Error(`(l) line ${j}: ${decision.events.map((e) => e.type).join(', ') || 'no event'} instead of ${expected}`);
  const metadata = benchMetadata(company);
  return { streamId: activityLineStreamId(company.companyId, deal.id), events: decision.events.map((e) => toNewEvent(e, metadata)) };
}

export interface RecordedAndChanged {
  recordSeconds: number;
  changeSeconds: number;
  /** The moment the first half of the changes was in the log (and none of the second half). */
  asOf: string;
}

/**
 * `total` lines recorded, then each changed once in the same order; chunks appended concurrently
 * (the store groups them into shared transactions), the next chunk decided while one is appended.
 */
export async function appendRecordedAndChanged(store: EventStore, companies: readonly LineCompany[], total: number, onProgress?: (done: number) => void): Promise<RecordedAndChanged> {
  const settings = companies.map((c) => benchSettings(c, { everySection: true }));
  const ids: string[] = new Array<string>(total);
  const run = async (from: number, to: number, change: boolean) => {
    let inFlight: Promise<unknown> | null = null;
    for (let start = from; start < to; start += CHUNK) {
      const batch: { streamId: string; events: NewEvent[] }[] = [];
      for (let j = start; j < Math.min(to, start + CHUNK); j++) batch.push(lineEvent(companies, settings, ids, j, change));
      if (inFlight) await inFlight;
      inFlight = Promise.all(batch.map((b) => store.appendToStream(b.streamId, b.events, { expectedVersion: change ? 0 : 'no_stream' })));
      onProgress?.((change ? total : 0) + start);
    }
    if (inFlight) await inFlight;
  };
  const t0 = performance.now();
  await run(0, total, false);
  const t1 = performance.now();
  const half = Math.floor(total / 2);
  await run(0, half, true);
  // Every event of the first half is appended and the second half not yet decided (its metadata's time is later).
  const asOf = new Date().toISOString();
  await new Promise((done) => setTimeout(done, 20));
  await run(half, total, true);
  return { recordSeconds: (t1 - t0) / 1000, changeSeconds: (performance.now() - t1) / 1000, asOf };
}

interface Seeded extends RecordedAndChanged {
  catchUpSeconds: number;
  vacuumSeconds?: number;
}

/** PostgreSQL: appended by another connection while the server runs, until every projection holds them; then `vacuum (analyze)`. */
async function seedWhileRunning(databaseUrl: string, companies: readonly LineCompany[], total: number, onProgress: (done: number) => void): Promise<Seeded> {
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    const store = await createPostgresEventStore(db);
    try {
      const appended = await appendRecordedAndChanged(store, companies, total, onProgress);
      const t0 = performance.now();
      const head = await store.headPosition();
      if (head) await waitForCheckpoints(db.knex, allProjections.map((p) => p.name), head, { timeoutMs: 3_600_000, intervalMs: 200 });
      const t1 = performance.now();
      await db.knex.raw('vacuum (analyze)');
      return { ...appended, catchUpSeconds: (t1 - t0) / 1000, vacuumSeconds: (performance.now() - t1) / 1000 };
    } finally {
      await store.close();
    }
  } finally {
    await db.close();
  }
}

/** Embedded: the server stopped (one process per PGlite folder), the app in this process appends and projects, then the server starts again. */
async function seedWhileStopped(target: ChildServerTarget, companies: readonly LineCompany[], total: number, onProgress: (done: number) => void): Promise<{ server: ChildServer; seeded: Seeded }> {
  let seeded: Seeded | undefined;
  const server = await target.restart(async () => {
    const running = await startEmbedded(target.env);
    try {
      const appended = await appendRecordedAndChanged(running.infra.eventStore, companies, total, onProgress);
      const t0 = performance.now();
      const head = await running.infra.eventStore.headPosition();
      if (head) await running.runner.waitForPosition(head, { timeoutMs: 3_600_000 });
      seeded = { ...appended, catchUpSeconds: (performance.now() - t0) / 1000 };
    } finally {
      await running.close();
    }
  });
  return { server, seeded: seeded! };
}

/** `npm run rebuild -- --all` in its own process, on the server's data; its seconds and what it printed. */
function rebuildCli(env: Record<string, string>): Promise<{ seconds: number; printed: string }> {
  return new Promise((done, fail) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'app/src/rebuild.ts', '--all'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk).slice(-4000)));
    child.once('error', fail);
    child.once('exit', (code) => {
      const seconds = (performance.now() - t0) / 1000;
      if (code === 0) done({ seconds, printed: out.trim() });
      else fail(new Error(`rebuild CLI exited with ${code}:\n${out}\n${err}`));
    });
  });
}

interface Draft {
  content: { position: string; lines: number; scope1Kg: string; scope2LocationKg: string; scope3Kg: string };
  sha256: string;
}

/** The past moment's draft by date-time and by position and the draft now, in turn: first answers, then `runs` each after a warm-up. */
async function measureDrafts(api: Api, asOf: string, runs: number) {
  const path = (query: string) => `/api/reports/draft?fiscalYear=${YEAR}${query}`;
  const pastByTime = `&asOf=${encodeURIComponent(asOf)}`;
  const cold = { pastByTime: await timedGet(api, path(pastByTime)), now: await timedGet(api, path('')) };
  const past = cold.pastByTime.body as Draft;
  const now = cold.now.body as Draft;
  const queries = { pastByTime, pastByPosition: `&asOf=${past.content.position}`, now: '' };
  const samples = { pastByTime: [] as number[], pastByPosition: [] as number[], now: [] as number[] };
  const hashes = new Set<string>();
  for (let r = 0; r < WARM_UP + runs; r++) {
    for (const key of Object.keys(queries) as (keyof typeof queries)[]) {
      const { ms, body } = await timedGet(api, path(queries[key]));
      if (r >= WARM_UP) samples[key].push(ms);
      hashes.add(`${key === 'now' ? 'now' : 'past'}:${(body as Draft).sha256}`);
    }
  }
  // Every past answer (by time or position) hashes the same, every answer now too.
  if (hashes.size !== 2) throw new Error(`(l) drafts not repeatable: ${[...hashes].join(', ')}`);
  return { cold, past, now, samples };
}

/** How many of the seed's lines fall in the selected company's report year, and how many of them changed after the past moment (the second half). */
function seededInYear(total: number) {
  const cells = BENCH_COMPANIES * BENCH_YEARS.length;
  const cell = BENCH_YEARS.indexOf(YEAR) * BENCH_COMPANIES; // the selected company is the first
  const count = (from: number, to: number) => Math.max(0, Math.ceil((to - cell) / cells) - Math.ceil((from - cell) / cells));
  return { lines: count(0, total), changedAfter: count(Math.floor(total / 2), total) };
}

const stat = (samples: readonly number[]) => {
  const s = latencySummary(samples);
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  return `${Math.round(median * 10) / 10} / ${s.p95_ms} / ${s.max_ms}`;
};

export async function benchReports(opts: { lines: { postgres: number; embedded: number }; runs: number; asOf?: string }): Promise<BenchResult[]> {
  const perServer = await onChildServers(async (first, label, target): Promise<BenchResult[]> => {
    const total = label === 'PostgreSQL' ? opts.lines.postgres : opts.lines.embedded;
    if (total <= 0) return [];
    let server = first;
    const seedFigures: Record<string, number | string> = {};
    let asOf: string;
    if (target.reused) {
      // Kept data of an earlier run (BENCH_REUSE_…): the past moment it printed.
      if (!opts.asOf) throw new Error('(l) on kept data: give the seed run\'s past moment as BENCH_REPORTS_AS_OF');
      asOf = opts.asOf;
      seedFigures.reused_data = 'yes (seeded by an earlier run)';
    } else {
      const companies = await organisation(await apiOf(first));
      const progress = seedProgress('(l)', label);
      const onProgress = (done: number) => progress(done);
      seedFigures.seed_started = new Date().toISOString();
      let seeded: Seeded;
      if (target.databaseUrl) seeded = await seedWhileRunning(target.databaseUrl, companies, total, onProgress);
      else ({ server, seeded } = await seedWhileStopped(target, companies, total, onProgress));
      asOf = seeded.asOf;
      Object.assign(seedFigures, {
        seed_record_s: round1(seeded.recordSeconds),
        seed_change_s: round1(seeded.changeSeconds),
        seed_line_events_per_s: Math.round((2 * total) / (seeded.recordSeconds + seeded.changeSeconds)),
        seed_projection_catch_up_after_append_s: round1(seeded.catchUpSeconds),
        ...(seeded.vacuumSeconds === undefined ? {} : { seed_vacuum_analyze_s: round1(seeded.vacuumSeconds) }),
      });
      console.log(`  (l) ${label}: past moment ${asOf} (BENCH_REPORTS_AS_OF for a run on kept data)`);
    }
    const api = await apiOf(server);
    const inYear = seededInYear(total);
    const sizes = { ledger_lines_seeded: total, line_events_seeded: 2 * total, past_moment: asOf };

    // (l)
    const measuredAt = new Date().toISOString();
    const d = await measureDrafts(api, asOf, opts.runs);
    if (d.past.content.lines !== d.now.content.lines || d.past.sha256 === d.now.sha256) throw new Error('(l) the past and the present report should hold the same lines with other figures');
    const l: BenchResult = {
      name: `(l) GET /api/reports/draft, fiscal year ${YEAR} of the selected company, as of a past moment and now, at ${total.toLocaleString('en-US')} ledger lines / ${(2 * total).toLocaleString('en-US')} line events, ${label}`,
      figures: {
        ...sizes,
        ...seedFigures,
        measured_at: measuredAt,
        runs: opts.runs,
        report_lines: d.now.content.lines,
        report_lines_of_the_seed: inYear.lines,
        past_position: d.past.content.position,
        now_position: d.now.content.position,
        'past, asOf date-time: first ms': Math.round(d.cold.pastByTime.ms),
        'now: first ms': Math.round(d.cold.now.ms),
        'past, asOf date-time: median / p95 / max ms': stat(d.samples.pastByTime),
        'past, asOf position: median / p95 / max ms': stat(d.samples.pastByPosition),
        'now: median / p95 / max ms': stat(d.samples.now),
        'past / now scope 1 kg': `${d.past.content.scope1Kg} / ${d.now.content.scope1Kg}`,
        target: '< 2 s',
      },
    };
    printResults([l]);

    // (m)
    const filedAt = performance.now();
    const filed = (await api.post('/api/reports/file', { fiscalYear: YEAR, regime: 'ghgProtocol', position: d.past.content.position, sha256: d.past.sha256, note: 'bench (m)' })).report as { reportId: string; sha256: string };
    const fileMs = performance.now() - filedAt;
    const detail = async (a: Api, runs: number) => {
      const samples: number[] = [];
      let body: JsonAnswer;
      for (let r = 0; r < runs; r++) {
        const answer = await timedGet(a, `/api/reports/${filed.reportId}`);
        samples.push(answer.ms);
        body = answer.body;
      }
      return { samples, body: body as { asFiled: { sha256: string; reproduced: boolean }; now: { sha256: string }; lines: unknown[]; moreLines: number } };
    };
    const detailRuns = Math.max(3, Math.min(opts.runs, 10));
    const before = await detail(api, detailRuns);
    let rebuild: { seconds: number; printed: string };
    let after: Awaited<ReturnType<typeof detail>>;
    if (target.databaseUrl) {
      rebuild = await rebuildCli(target.env);
      after = await detail(api, detailRuns);
    } else {
      let result: { seconds: number; printed: string } | undefined;
      server = await target.restart(async () => {
        result = await rebuildCli(target.env);
      });
      rebuild = result!;
      after = await detail(await apiOf(server), detailRuns);
    }
    const identical = after.body.asFiled.sha256 === filed.sha256 && after.body.asFiled.reproduced;
    const m: BenchResult = {
      name: `(m) a filed report re-rendered after a full rebuild of every read model (rebuild CLI --all), ${total.toLocaleString('en-US')} ledger lines / ${(2 * total).toLocaleString('en-US')} line events, ${label}`,
      figures: {
        ...sizes,
        filed_position: d.past.content.position,
        filed_sha256: filed.sha256,
        'POST /api/reports/file ms': Math.round(fileMs),
        'GET /api/reports/:id before the rebuild: median / p95 / max ms': stat(before.samples),
        reproduced_before_rebuild: before.body.asFiled.reproduced ? 'yes' : 'no',
        'lines differing filed → now (listed + more)': `${before.body.lines.length + before.body.moreLines} (seed: ${inYear.changedAfter} changed after the past moment)`,
        rebuild_s: round1(rebuild.seconds),
        rebuild_cli_said: rebuild.printed.split('\n').at(-1) ?? '',
        'GET /api/reports/:id after the rebuild: first / median / p95 / max ms': `${Math.round(after.samples[0]!)} / ${stat(after.samples)}`,
        re_rendered_sha256: after.body.asFiled.sha256,
        identical: identical ? 'yes' : 'no',
        now_unchanged_by_rebuild: after.body.now.sha256 === before.body.now.sha256 ? 'yes' : 'no',
      },
    };
    printResults([m]);
    return [l, m];
  });
  return perServer.flat();
}
