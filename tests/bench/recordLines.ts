import { loginOver, send } from '../integration/commandLoad';
import { onChildServers } from './childServers';
import { appendLines, benchCompanies, BENCH_YEARS, onFreshStores } from './lineLoad';
import { latencySummary, printResults, type BenchResult } from './stats';

/**
 * (e) Recording activity lines. Over HTTP: `clients` concurrent clients send `POST
 * /api/user-input-emission` (each a new line, calculated when recorded, answered after
 * read-your-writes) to the server in its own process, as `npm start` runs it, embedded and on
 * PostgreSQL; every client sends its next line when the previous one is answered. In bulk: lines
 * decided by the activity-line decider and appended many at a time on fresh streams without
 * reading them first (the demo seed's path), straight into the event log.
 */

function overHttp(clients: number, lines: number): Promise<BenchResult[]> {
  return onChildServers(async (server, label): Promise<BenchResult> => {
    const token = await loginOver(server.url);
    const ok = async (method: string, path: string, body?: unknown) => {
      const res = await send(server.url, token, method, path, body);
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    await ok('POST', '/api/calculation-basis', { fiscalYear: 2022 });
    const sections = (await ok('GET', '/api/company-section')).companySections as { id: string; name: string }[];
    const plant = sections.find((s) => s.name === '第一工場')!.id;
    const created = await ok('POST', '/api/create-scope-settings', {
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
            const res = await send(server.url, token, 'POST', '/api/user-input-emission', body(i));
            sent.push({ ms: performance.now() - t0, status: res.status });
          }
        }),
      );
      return sent;
    };
    await run(50, lines); // warm-up: JIT, connection pools, caches
    const started = performance.now();
    const sent = await run(lines, 0);
    const seconds = (performance.now() - started) / 1000;
    const byStatus: Record<string, number> = {};
    for (const r of sent) if (r.status !== 200) byStatus[`status_${r.status}`] = (byStatus[`status_${r.status}`] ?? 0) + 1;
    return {
      name: `(e) POST /api/user-input-emission, ${lines} new lines from ${clients} concurrent clients, ${label}`,
      figures: { lines_per_s: Math.round(sent.length / seconds), ...latencySummary(sent.map((r) => r.ms)), non_2xx: sent.filter((r) => r.status !== 200).length, ...byStatus },
    };
  });
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

export async function benchRecordLines(opts: { clients?: number; lines?: number; bulk?: { postgres: number; embedded: number } } = {}): Promise<BenchResult[]> {
  return [...(await overHttp(opts.clients ?? 20, opts.lines ?? 1000)), ...(await inBulk(opts.bulk ?? { postgres: 100_000, embedded: 20_000 }))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printResults(await benchRecordLines());
  process.exit(0);
}
