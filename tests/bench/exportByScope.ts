import type { JsonAnswer } from '../integration/commandLoad';
import { loginOver } from '../integration/commandLoad';
import { onChildServers } from './childServers';
import { resetPeakRss, rssMiB } from './importFile';
import type { LineCompany } from './lineLoad';
import { growAndMeasure, seedProgress, type Get } from './serverSeed';
import { printResults, type BenchResult } from './stats';

/**
 * (j) `POST /api/export-emission-by-scope-data`: every scope (1, 2, 3, water) of one fiscal year
 * of the selected company, as CSV and as XLSX, from the server in its own process (as `npm start`
 * runs it, V8's default heap). The company's lines of that year are appended on the seed's path
 * and projected by the server's own projector, in steps (`BENCH_EXPORT_LINES`, e.g.
 * 200000,1000000: all of them in the one year exported), measured after each: seconds to the
 * last byte (and to the first), bytes, the CSV's rows, and the server's peak RSS (VmHWM reset
 * just before each export) beside its RSS before. Memory should not grow with the lines: the
 * export reads and writes 2,000 lines at a time.
 */
const YEAR = 2025;
const FILE_TYPES = ['csv', 'xlsx'] as const;

/** The selected company with all of its sections, as the API gives them. */
async function selectedCompany(get: Get): Promise<LineCompany> {
  const me = (await get('/api/auth-user')).user as { selectedCompanyId: string; tenantId: string };
  const sections = ((await get('/api/company-section')).companySections as { id: string }[]).map((s) => s.id);
  return { companyId: me.selectedCompanyId, tenantId: me.tenantId, sectionIds: sections };
}

/** One export, read as it streams; the server's resident set before and its peak during it. */
async function exportOnce(url: string, token: string, pid: number | undefined, fileType: (typeof FILE_TYPES)[number]) {
  const rssBefore = rssMiB(pid, 'VmRSS');
  resetPeakRss(pid);
  const started = performance.now();
  const res = await fetch(`${url}/api/export-emission-by-scope-data`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ targetYear: YEAR, fileType, selectedScopes: ['1', '2', '3', 'water'], basis: 'location' }),
  });
  if (res.status !== 200 || !res.body) throw new Error(`(j) export ${fileType}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let newlines = 0;
  let firstByte = Number.NaN;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByte = performance.now() - started;
    bytes += chunk.length;
    if (fileType === 'csv') for (const b of chunk) if (b === 10) newlines++;
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, firstByteMs: firstByte, bytes, newlines, rssBefore, peakRss: rssMiB(pid) };
}

export async function benchExportByScope(opts: { steps: { postgres: number[]; embedded: number[] } }): Promise<BenchResult[]> {
  const perServer = await onChildServers(async (first, label, target): Promise<BenchResult[]> => {
    const steps = label === 'PostgreSQL' ? opts.steps.postgres : opts.steps.embedded;
    if (steps.length === 0) return [];
    const token = await loginOver(first.url);
    const get: Get = async (path) => {
      const res = await fetch(`${first.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
      return (await res.json()) as JsonAnswer;
    };
    const company = await selectedCompany(get);
    const plan = { years: [YEAR], onProgress: seedProgress('(j)', label) };
    return growAndMeasure(target, first, [company], steps, plan, async (server, size, seeding) => {
      const token = await loginOver(server.url);
      const figures: Record<string, number | string> = { ...seeding, measured_at: new Date().toISOString() };
      // A first CSV export warms the server (JIT, caches), as a user's second export would find it.
      await exportOnce(server.url, token, server.child.pid, 'csv');
      for (const fileType of FILE_TYPES) {
        const run = await exportOnce(server.url, token, server.child.pid, fileType);
        figures[`${fileType} s`] = Math.round(run.seconds * 100) / 100;
        figures[`${fileType} first byte ms`] = Math.round(run.firstByteMs);
        figures[`${fileType} MB`] = Math.round((run.bytes / 1e6) * 10) / 10;
        if (fileType === 'csv') {
          figures['csv rows (lines + heading + 4 totals)'] = run.newlines;
          figures['csv rows/s'] = Math.round(run.newlines / run.seconds);
        }
        figures[`${fileType} server RSS before MiB`] = run.rssBefore;
        figures[`${fileType} server peak RSS MiB`] = run.peakRss;
      }
      figures.seeded_lines_in_the_year = size;
      return { name: `(j) export by scope (1, 2, 3, water) of fiscal year ${YEAR} holding ${size.toLocaleString('en-US')} seeded lines, ${label}`, figures };
    });
  });
  return perServer.flat();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printResults(await benchExportByScope({ steps: { postgres: [100_000, 300_000], embedded: [20_000, 60_000] } }));
  process.exit(0);
}
