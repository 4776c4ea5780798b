import { apiOf, BENCH_COMPANIES, BENCH_SECTIONS, organisation, type Api } from './benchGroup';
import { onChildServers } from './childServers';
import { BENCH_YEARS } from './lineLoad';
import { growAndMeasure, seedProgress } from './serverSeed';
import { latencySummary, printResults, type BenchResult } from './stats';

/**
 * (i) The views' queries at a large ledger: `GET /api/emission-totals` as the view pages call it,
 * over HTTP to the server in its own process (as `npm start` runs it), embedded and on
 * PostgreSQL. The group has 50 companies (the demo's three and 47 added through the API) and the
 * selected company 20 sections (its own and some added through the API); lines of every company
 * over 5 fiscal years (2021–2025), spread over 20 sections per company, the six kinds of line
 * (scopes 1, 2 on both bases, 3-1, 3-5, water) and the twelve months, are appended on the seed's
 * path and projected by the server's own projector (ledger, totals, audit log…). The ledger grows
 * in steps (`BENCH_VIEWS_LINES`, e.g. 200000,1000000), measured after each. Each round sends every
 * query once, in turn, sequentially, the basis alternating location/market between rounds, after
 * a warm-up. Target: p95 < 100 ms for each query on both.
 */
const WARM_UP = 10;
const ROUNDS = 100;
/** The fiscal year the pages show (the latest of the seeded five). */
const YEAR = BENCH_YEARS[BENCH_YEARS.length - 1]!;

/** Each page's calls, as `web/src/features/views/**` make them (`useTotals`), for a basis. */
const QUERIES: { name: string; query: (basis: string) => string }[] = [
  { name: 'company: by category', query: (b) => `fromYear=${YEAR}&of=company&basis=${b}&approach=operational&groupBy=category&limit=0` },
  { name: 'company: by month', query: (b) => `fromYear=${YEAR}&of=company&basis=${b}&approach=operational&groupBy=month&limit=0` },
  { name: 'company: 5 years by scope', query: (b) => `fromYear=${YEAR - 4}&toYear=${YEAR}&of=company&basis=${b}&approach=operational&groupBy=fiscalYear,scope&limit=0` },
  { name: 'division: by section', query: (b) => `fromYear=${YEAR}&of=company&basis=${b}&approach=operational&groupBy=section&limit=0` },
  { name: 'scope: by category and method', query: (b) => `fromYear=${YEAR}&of=company&basis=${b}&approach=operational&groupBy=category,formula&limit=0` },
  { name: 'scope detail: scope 2 by method, section, month', query: (b) => `fromYear=${YEAR}&of=company&basis=${b}&approach=operational&groupBy=formula,section,month&categories=2&limit=0` },
  { name: 'comparison: 2 years by category, method, section', query: (b) => `fromYear=${YEAR - 1}&toYear=${YEAR}&of=company&basis=${b}&approach=operational&groupBy=fiscalYear,category,formula,section&limit=0` },
  { name: 'group: by company', query: (b) => `fromYear=${YEAR}&of=group&basis=${b}&approach=operational&groupBy=company&limit=0` },
];

/**
 * Every query `ROUNDS` times after a warm-up, in turn, and in each round `GET /api/auth-user` as a
 * baseline (what any authenticated request costs over HTTP at that moment); latency per query,
 * rows per answer, and the group's total lines (a check that the totals hold the lines).
 */
async function measure(api: Api, rounds: number) {
  const timed = async (path: string) => {
    const t0 = performance.now();
    const res = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${api.token}` } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 300)}`);
    return { ms: performance.now() - t0, body: JSON.parse(text) as { rows: unknown[]; total: { lines: number } } };
  };
  const totals = (q: (typeof QUERIES)[number], r: number) => timed(`/api/emission-totals?${q.query(r % 2 === 0 ? 'location' : 'market')}`);
  for (let r = 0; r < WARM_UP; r++) for (const q of QUERIES) await totals(q, r);
  const started = new Date().toISOString();
  const samples = QUERIES.map(() => [] as number[]);
  const baseline: number[] = [];
  const rows = QUERIES.map(() => 0);
  let groupLines = 0;
  for (let r = 0; r < rounds; r++) {
    baseline.push((await timed('/api/auth-user')).ms);
    for (const [i, q] of QUERIES.entries()) {
      const answer = await totals(q, r);
      samples[i]!.push(answer.ms);
      rows[i] = answer.body.rows.length;
      if (i === QUERIES.length - 1) groupLines = answer.body.total.lines;
    }
  }
  return { samples, rows, groupLines, baseline, started };
}

export async function benchViews(opts: { steps: { postgres: number[]; embedded: number[] }; rounds?: number }): Promise<BenchResult[]> {
  const rounds = opts.rounds ?? ROUNDS;
  const perServer = await onChildServers(async (first, label, target): Promise<BenchResult[]> => {
    const steps = label === 'PostgreSQL' ? opts.steps.postgres : opts.steps.embedded;
    if (steps.length === 0) return [];
    const companies = await organisation(await apiOf(first));
    const plan = { years: BENCH_YEARS, everySection: true, onProgress: seedProgress('(i)', label) };
    return growAndMeasure(target, first, companies, steps, plan, async (server, size, seeding) => {
      const m = await measure(await apiOf(server), rounds);
      return result(size, label, { group_total_lines_in_the_year: m.groupLines, ...seeding, measured_at: m.started, rounds }, m);
    });
  });
  return perServer.flat();
}

/** One step's result: the seeding figures given, then the baseline's and each query's latency. */
function result(seeded: number, label: string, figures: Record<string, number | string>, { samples, rows, baseline }: { samples: number[][]; rows: number[]; baseline: number[] }): BenchResult {
  const all: Record<string, number | string> = { ledger_lines_seeded: seeded, ...figures };
  const b = latencySummary(baseline);
  all['baseline GET /api/auth-user: p50 / p95 / max ms'] = `${b.p50_ms} / ${b.p95_ms} / ${b.max_ms}`;
  let worstP95 = 0;
  for (const [i, q] of QUERIES.entries()) {
    const s = latencySummary(samples[i]!);
    worstP95 = Math.max(worstP95, s.p95_ms);
    all[`${q.name}: p50 / p95 / max ms (rows)`] = `${s.p50_ms} / ${s.p95_ms} / ${s.max_ms} (${rows[i]})`;
  }
  all.worst_p95_ms = worstP95;
  all.target = 'p95 < 100 ms';
  return { name: `(i) views' GET /api/emission-totals at ${seeded.toLocaleString('en-US')} seeded lines (${BENCH_COMPANIES} companies × ${BENCH_YEARS.length} fiscal years × ${BENCH_SECTIONS} sections), ${label}`, figures: all };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printResults(await benchViews({ steps: { postgres: [200_000], embedded: [200_000] } }));
  process.exit(0);
}
