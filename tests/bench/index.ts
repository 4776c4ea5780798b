import { cpus, totalmem } from 'node:os';
import { printResults, type BenchResult } from './stats';
import { benchAppends } from './appends';
import { benchLatency } from './latency';
import { benchRebuild } from './rebuild';
import { benchCalculation } from './calculation';
import { benchCommands } from './commands';
import { benchHistory } from './history';
import { benchRecordLines } from './recordLines';
import { benchLedgerQueries } from './ledgerQueries';
import { benchLedgerRebuild } from './ledgerRebuild';
import { benchImportFile } from './importFile';
import { benchViews } from './views';
import { benchExportByScope } from './exportByScope';
import { benchFirstPaint } from './firstPaint';
import { benchReports } from './reports';

/**
 * `npm run bench`: every benchmark, one after another (never in parallel: they would measure each
 * other). Needs PostgreSQL: DATABASE_URL, or the local server at 127.0.0.1:5432.
 */
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
process.env.DATABASE_URL = databaseUrl;
console.log(`GHG Ledger benchmarks — ${new Date().toISOString()} — ${cpus().length}× ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);

const only = process.argv.slice(2);
/** A size from the environment (e.g. BENCH_LEDGER_LINES=200000), else its default. */
const size = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
/** Sizes a ledger grows through, measured at each (e.g. BENCH_VIEWS_LINES=200000,1000000; 0 or empty: none). */
const steps = (name: string, fallback: readonly number[]) => (process.env[name] === undefined ? [...fallback] : process.env[name]!.split(',').map(Number).filter((n) => n > 0));
const suites: [string, () => Promise<BenchResult[] | BenchResult>][] = [
  ['appends', () => benchAppends({ databaseUrl })],
  ['latency', () => benchLatency({ commands: 1000 })],
  ['rebuild', () => benchRebuild({ databaseUrl, events: 100_000 })],
  ['calculation', () => benchCalculation({ lines: 1_000_000 })],
  ['commands', () => benchCommands({ clients: 20, commands: 1000 })],
  ['history', () => benchHistory()],
  [
    'lines',
    () =>
      benchRecordLines({
        clients: size('BENCH_LINE_CLIENTS', 20),
        lines: size('BENCH_LINES_HTTP', 1000),
        bulk: { postgres: size('BENCH_BULK_LINES', 100_000), embedded: size('BENCH_BULK_LINES_EMBEDDED', 20_000) },
        // Lines of the demo company already in the log before the HTTP run (0: only the demo's own).
        preload: { postgres: size('BENCH_LINES_PRELOAD', 0), embedded: size('BENCH_LINES_PRELOAD_EMBEDDED', size('BENCH_LINES_PRELOAD', 0)) },
      }),
  ],
  ['ledger', () => benchLedgerQueries({ lines: { postgres: size('BENCH_LEDGER_LINES', 200_000), embedded: size('BENCH_LEDGER_LINES_EMBEDDED', 200_000) } })],
  ['import', () => benchImportFile({ rows: size('BENCH_IMPORT_ROWS', 100_000), largeRows: { postgres: size('BENCH_IMPORT_ROWS_LARGE', 1_000_000), embedded: size('BENCH_IMPORT_ROWS_LARGE_EMBEDDED', size('BENCH_IMPORT_ROWS_LARGE', 1_000_000)) }, heapMb: size('BENCH_IMPORT_HEAP_MB', 384) })],
  // The million lines: about 15 minutes of seeding on PostgreSQL and 25 embedded.
  ['views', () => benchViews({ steps: { postgres: steps('BENCH_VIEWS_LINES', [1_000_000]), embedded: steps('BENCH_VIEWS_LINES_EMBEDDED', steps('BENCH_VIEWS_LINES', [1_000_000])) }, rounds: size('BENCH_VIEWS_ROUNDS', 100) })],
  // Two sizes of one company's year, to show that the server's memory does not grow with the lines.
  ['exportByScope', () => benchExportByScope({ steps: { postgres: steps('BENCH_EXPORT_LINES', [100_000, 300_000]), embedded: steps('BENCH_EXPORT_LINES_EMBEDDED', [20_000, 60_000]) } })],
  ['firstPaint', () => benchFirstPaint({ runs: size('BENCH_FIRST_PAINT_RUNS', 5) })],
  ['ledger-rebuild', () => benchLedgerRebuild({ events: { postgres: size('BENCH_LEDGER_REBUILD_EVENTS', 200_000), embedded: size('BENCH_LEDGER_REBUILD_EVENTS_EMBEDDED', 50_000) } })],
  // (l) and (m) of issue 16 on one seed: lines recorded then each changed once (2 events a line). About 10 and 20
  // minutes at 200,000 lines; the million on PostgreSQL (BENCH_REPORT_LINES=1000000) took 51 minutes.
  ['reports', () => benchReports({ lines: { postgres: size('BENCH_REPORT_LINES', 200_000), embedded: size('BENCH_REPORT_LINES_EMBEDDED', 200_000) }, runs: size('BENCH_REPORT_RUNS', 20), asOf: process.env.BENCH_REPORTS_AS_OF })],
];
for (const [name, run] of suites) {
  if (only.length > 0 && !only.includes(name)) continue;
  const result = await run();
  printResults(Array.isArray(result) ? result : [result]);
}
process.exit(0);
