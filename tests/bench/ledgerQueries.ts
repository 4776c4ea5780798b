import { backends, call, login, startTestApp } from '../integration/embeddedApp';
import { appendLines, benchCompanies, BENCH_YEARS } from './lineLoad';
import { latencySummary, printResults, type BenchResult } from './stats';

/**
 * (f) Reading a large ledger: `POST /api/user-input-table-data` (a company's lines of one fiscal
 * year and category) and `GET /api/emission-aggregate` (its fiscal year totalled) over HTTP,
 * sequentially, on the app as `npm start` runs it, embedded and on PostgreSQL. The ledger is
 * seeded through the event log: lines of 50 companies over 5 fiscal years (the logged-in
 * company one of them) appended on the seed's path, then projected by the app's own projector.
 * Target: p95 < 100 ms for each query on both.
 */
const COMPANIES = 50;
const SAMPLES = 200;
const WARM_UP = 20;
const SCOPES = ['1', '2', '31', '35', 'water'] as const;

export async function benchLedgerQueries(opts: { lines?: { postgres: number; embedded: number }; samples?: number } = {}): Promise<BenchResult[]> {
  const sizes = opts.lines ?? { postgres: 200_000, embedded: 200_000 };
  const samples = opts.samples ?? SAMPLES;
  const results: BenchResult[] = [];
  for (const [name, backend] of backends) {
    const db = await backend();
    if (!db) continue;
    const lines = name === 'PGlite' ? sizes.embedded : sizes.postgres;
    if (lines <= 0) {
      await db.cleanup();
      continue;
    }
    const app = await startTestApp(db.url);
    try {
      const token = await login(app, 'admin@demo.example');
      const me = (await call(app, 'GET', '/api/auth-user', token)).body.user as { selectedCompanyId: string; tenantId: string };
      const sections = ((await call(app, 'GET', '/api/company-section', token)).body.companySections as { id: string }[]).map((s) => s.id);
      const companies = benchCompanies({ companyId: me.selectedCompanyId, tenantId: me.tenantId, sectionIds: sections.slice(0, 4) }, COMPANIES);
      const store = app.infra.eventStore;
      let lastReport = performance.now();
      const appended = await appendLines(store, companies, BENCH_YEARS, lines, {
        onProgress: (done) => {
          if (performance.now() - lastReport < 30_000) return;
          lastReport = performance.now();
          console.log(`  (f) ${label(name)}: ${done.toLocaleString('en-US')} lines appended`);
        },
      });
      const appendedAt = performance.now();
      const head = await store.headPosition();
      if (head) await app.runner.waitForPosition(head, { timeoutMs: 3_600_000 });
      const caughtUp = (performance.now() - appendedAt) / 1000;
      const seedSeconds = appended.seconds + caughtUp;
      const { knex } = app.infra.db;
      // Statistics as autovacuum would have gathered them after loads like this one.
      await knex.raw('analyze emission_ledger');
      const ledgerRows = Number((await knex('emission_ledger').count<{ count: string }[]>('* as count'))[0]!.count);
      const ownRows = Number((await knex('emission_ledger').where({ company_id: me.selectedCompanyId }).count<{ count: string }[]>('* as count'))[0]!.count);

      const base = app.url.replace('localhost', '127.0.0.1');
      const request = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
        const t0 = performance.now();
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
        return { ms: performance.now() - t0, bytes: text.length, body: JSON.parse(text) as Record<string, unknown> };
      };
      const tableData = (i: number) => request('POST', '/api/user-input-table-data', { fiscalYear: BENCH_YEARS[i % BENCH_YEARS.length], scopeId: SCOPES[Math.floor(i / BENCH_YEARS.length) % SCOPES.length] });
      const aggregate = (i: number) => request('GET', `/api/emission-aggregate?fiscalYear=${BENCH_YEARS[i % BENCH_YEARS.length]}&basis=${i % 2 === 0 ? 'location' : 'market'}`);
      for (let i = 0; i < WARM_UP; i++) {
        await tableData(i);
        await aggregate(i);
      }
      const table: number[] = [];
      const tableRows: number[] = [];
      const tableBytes: number[] = [];
      const totals: number[] = [];
      const totalLines: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t = await tableData(i);
        table.push(t.ms);
        tableRows.push((t.body.lines as unknown[]).length);
        tableBytes.push(t.bytes);
        const a = await aggregate(i);
        totals.push(a.ms);
        totalLines.push((a.body.total as { lines: number }).lines);
      }
      const mean = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) / xs.length);
      const t = latencySummary(table);
      const a = latencySummary(totals);
      results.push({
        name: `(f) ledger queries at ${ledgerRows.toLocaleString('en-US')} ledger lines (${COMPANIES} companies × ${BENCH_YEARS.length} fiscal years), ${label(name)}`,
        figures: {
          ledger_rows: ledgerRows,
          own_company_rows: ownRows,
          seed_append_s: round(appended.seconds),
          seed_append_lines_per_s: Math.round(appended.lines / appended.seconds),
          seed_projection_catch_up_after_append_s: round(caughtUp),
          seed_total_s: round(seedSeconds),
          'table-data p50_ms': t.p50_ms,
          'table-data p95_ms': t.p95_ms,
          'table-data p99_ms': t.p99_ms,
          'table-data mean rows': mean(tableRows),
          'table-data mean KB': Math.round(mean(tableBytes) / 1024),
          'aggregate p50_ms': a.p50_ms,
          'aggregate p95_ms': a.p95_ms,
          'aggregate p99_ms': a.p99_ms,
          'aggregate mean lines totalled': mean(totalLines),
          target: 'p95 < 100 ms',
        },
      });
    } finally {
      await app.stop();
      await db.cleanup();
    }
  }
  return results;
}

const label = (name: string) => (name === 'PGlite' ? 'embedded (PGlite)' : 'PostgreSQL');
const round = (n: number) => Math.round(n * 10) / 10;

if (import.meta.url === `file://${process.argv[1]}`) {
  printResults(await benchLedgerQueries());
  process.exit(0);
}
