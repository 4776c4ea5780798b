import { loginOver, send, type JsonAnswer } from '../integration/commandLoad';
import type { ChildServer } from '../integration/childServer';
import { onChildServers } from './childServers';
import { appendLines, benchCompanies, BENCH_YEARS, onFreshStores, type LineCompany } from './lineLoad';
import { appendWhileRunning, appendWhileStopped, round1 as round, seedProgress, type Preloaded } from './serverSeed';
import { latencySummary, printResults, type BenchResult } from './stats';

/**
 * (e) Recording activity lines. Over HTTP: `clients` concurrent clients send `POST
 * /api/user-input-emission` (each a new line, calculated when recorded, answered after
 * read-your-writes) to the server in its own process, as `npm start` runs it, embedded and on
 * PostgreSQL; every client sends its next line when the previous one is answered. In bulk: lines
 * decided by the activity-line decider and appended many at a time on fresh streams without
 * reading them first (the demo seed's path), straight into the event log.
 *
 * Preload (`BENCH_LINES_PRELOAD`, default 0; `BENCH_LINES_PRELOAD_EMBEDDED`, default the same):
 * before the HTTP run, that many lines of the logged-in demo company itself (its company id,
 * tenant and sections as the API gives them; fiscal years 2021–2025) are appended on the seed's
 * path straight into the event log and projected, so the measured commands run against a company
 * with that history (each line is its own stream `activityLine-<companyId>-<dealId>`, so a
 * command should not cost more). On PostgreSQL they are appended while the server runs, and the
 * run waits until the server's projector has caught up (every projection's checkpoint at the
 * log's head), then `vacuum (analyze)` as autovacuum would after such a load. Embedded, the
 * server's data folder is locked while it runs: the server is stopped, the app is started in
 * this process on its folder, the lines are appended and projected by that app's own projector,
 * the app is stopped, and the server is started again on the folder. With a preload the same data
 * is measured twice, before the preload and after it, so the company's history is the one
 * difference. The company's lines are counted from the API (the ledger's aggregate of each fiscal
 * year) before each measured run, and the result's name says how many it held.
 */

/** Fiscal years the company's lines are counted over (the demo's, the preload's and the bench's own fall within). */
const COUNTED_YEARS = { from: 2000, to: 2050 } as const;

/** The selected company of a logged-in user, as the API gives it: its ids and (up to four of) its sections. */
async function selectedCompany(get: (path: string) => Promise<JsonAnswer>): Promise<LineCompany> {
  const me = (await get('/api/auth-user')).user as { selectedCompanyId: string; tenantId: string };
  const sections = ((await get('/api/company-section')).companySections as { id: string }[]).map((s) => s.id);
  return { companyId: me.selectedCompanyId, tenantId: me.tenantId, sectionIds: sections.slice(0, 4) };
}

/** How many lines the selected company holds in the emissions ledger, from the API: each fiscal year's aggregate, totalled. */
async function companyLines(get: (path: string) => Promise<JsonAnswer>): Promise<number> {
  let total = 0;
  for (let year = COUNTED_YEARS.from; year <= COUNTED_YEARS.to; year++) {
    const a = await get(`/api/emission-aggregate?fiscalYear=${year}&basis=location`);
    total += (a.total as { lines: number }).lines + (a.scope2WithoutBasis as number);
  }
  return total;
}

const preloadPlan = (label: string, lines: number) => ({ years: BENCH_YEARS, lines, onProgress: seedProgress('(e)', `${label}, preload`) });

function overHttp(clients: number, lines: number, preload: { postgres: number; embedded: number }): Promise<BenchResult[]> {
  const perServer = onChildServers(async (first, label, target): Promise<BenchResult[]> => {
    /** Requests to one server, as the logged-in demo administrator. */
    const client = async (server: ChildServer) => {
      const token = await loginOver(server.url);
      const ok = async (method: string, path: string, body?: unknown) => {
        const res = await send(server.url, token, method, path, body);
        if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body;
      };
      return { url: server.url, token, ok, get: (path: string) => ok('GET', path) };
    };
    let api = await client(first);
    await api.ok('POST', '/api/calculation-basis', { fiscalYear: 2022 });
    const sections = (await api.get('/api/company-section')).companySections as { id: string; name: string }[];
    const plant = sections.find((s) => s.name === '第一工場')!.id;
    const created = await api.ok('POST', '/api/create-scope-settings', {
      scopeSettings: [
        { scopeCategory: '1', formulaId: 's1.fuel', section: plant, detail: { fuel: '軽油', emissionIntensity: { value: 2.58, unit: 'kg-CO2/L' } } },
        { scopeCategory: '2', formulaId: 's2.location', section: plant, detail: { energyType: '電気', emissionIntensity: { value: 0.434, unit: 'kg-CO2/kWh' } } },
      ],
    });
    const [diesel, power] = (created.scopeSettings as { id: string }[]).map((s) => s.id);
    // Each request a new line: diesel in litres and electricity in kWh in turn, over fiscal year 2022's months.
    const body = (i: number) => ({
      deal: { count: 500 + (i % 997), countUnit: i % 2 === 0 ? 'L' : 'kWh', occurrenceDate: `2022-${String((i % 9) + 4).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`, item: 'bench' },
      scopeSetting: { id: i % 2 === 0 ? diesel : power },
    });
    const run = async (total: number, offset: number) => {
      let next = 0;
      const sent: { ms: number; status: number }[] = [];
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (next < total) {
            const i = offset + next++;
            const t0 = performance.now();
            const res = await send(api.url, api.token, 'POST', '/api/user-input-emission', body(i));
            sent.push({ ms: performance.now() - t0, status: res.status });
          }
        }),
      );
      return sent;
    };
    /** The measured run: a warm-up of 50, then `lines` lines; named after the company's lines counted before it. */
    const measured = async (history: string, pre?: Preloaded): Promise<BenchResult> => {
      const held = await companyLines(api.get);
      await run(50, lines); // warm-up: JIT, connection pools, caches
      const started = performance.now();
      const sent = await run(lines, 0);
      const seconds = (performance.now() - started) / 1000;
      const byStatus: Record<string, number> = {};
      for (const r of sent) if (r.status !== 200) byStatus[`status_${r.status}`] = (byStatus[`status_${r.status}`] ?? 0) + 1;
      return {
        name: `(e) POST /api/user-input-emission, ${lines} new lines from ${clients} concurrent clients, company already holding ${held.toLocaleString('en-US')} lines (${history}), ${label}`,
        figures: {
          lines_per_s: Math.round(sent.length / seconds),
          ...latencySummary(sent.map((r) => r.ms)),
          non_2xx: sent.filter((r) => r.status !== 200).length,
          ...byStatus,
          company_lines_before: held,
          company_lines_after: await companyLines(api.get),
          ...(pre
            ? {
                preload_append_s: round(pre.appendSeconds),
                preload_append_lines_per_s: Math.round(pre.lines / pre.appendSeconds),
                preload_projection_catch_up_after_append_s: round(pre.catchUpSeconds),
                ...(pre.vacuumSeconds === undefined ? {} : { preload_vacuum_analyze_s: round(pre.vacuumSeconds) }),
              }
            : {}),
        },
      };
    };
    const count = label === 'PostgreSQL' ? preload.postgres : preload.embedded;
    if (count <= 0) return [await measured('no preload')];
    // Measured before the preload and after it on the same data: the company's history is the one difference.
    const before = await measured('before the preload, same data');
    if (label === 'PostgreSQL') {
      const pre = await appendWhileRunning(target.databaseUrl!, benchCompanies(await selectedCompany(api.get), 1), preloadPlan(label, count));
      return [before, await measured(`${pre.lines.toLocaleString('en-US')} preloaded while the server ran`, pre)];
    }
    let pre: Preloaded | undefined;
    api = await client(
      await target.restart(async () => {
        pre = await appendWhileStopped(target, async (get) => benchCompanies(await selectedCompany(get), 1), preloadPlan(label, count));
      }),
    );
    return [before, await measured(`${count.toLocaleString('en-US')} preloaded while the server was stopped, then restarted`, pre)];
  });
  return perServer.then((results) => results.flat());
}

function inBulk(sizes: { postgres: number; embedded: number }): Promise<BenchResult[]> {
  return onFreshStores(sizes, async (_db, store, label, lines): Promise<BenchResult> => {
    const companies = benchCompanies({ companyId: 'bench-company-00', tenantId: 'tenant-bench', sectionIds: ['bench-section-0-a', 'bench-section-0-b'] }, 10);
    const run = await appendLines(store, companies, BENCH_YEARS, lines);
    return {
      name: `(e) ${lines.toLocaleString('en-US')} lines decided and appended in bulk (the seed's path), ${label}`,
      figures: {
        lines: run.lines,
        seconds: Math.round(run.seconds * 10) / 10,
        lines_per_s: Math.round(run.lines / run.seconds),
        decide_only_lines_per_s: Math.round(run.lines / run.decideSeconds),
        decide_share_pct: Math.round((run.decideSeconds / run.seconds) * 100),
      },
    };
  });
}

export async function benchRecordLines(
  opts: { clients?: number; lines?: number; bulk?: { postgres: number; embedded: number }; preload?: { postgres: number; embedded: number } } = {},
): Promise<BenchResult[]> {
  return [...(await overHttp(opts.clients ?? 20, opts.lines ?? 1000, opts.preload ?? { postgres: 0, embedded: 0 })), ...(await inBulk(opts.bulk ?? { postgres: 100_000, embedded: 20_000 }))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printResults(await benchRecordLines());
  process.exit(0);
}
