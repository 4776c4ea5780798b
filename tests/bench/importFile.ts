import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { loginOver, send } from '../integration/commandLoad';
import { onChildServers } from './childServers';
import { latencySummary, type BenchResult } from './stats';

/**
 * (h) Importing a standard-format CSV end to end: the file uploaded over HTTP to the server in its
 * own process (as `npm start` runs it), read, checked, classified by the demo company's import
 * rules, calculated, appended as one atomic batch and projected into the ledger (the clock stops
 * when the records query counts every line). Beside it, in the same run and on the same
 * PostgreSQL database, `COPY … FROM STDIN (FORMAT csv)` of the same file into a plain table of
 * text columns: the floor of getting those bytes into PostgreSQL at all (the embedded run is
 * compared with the same COPY on DATABASE_URL). Peak RSS is the server process's VmHWM during the
 * import (reset just before it), with the server's V8 heap capped (`BENCH_IMPORT_HEAP_MB`, default
 * 384; 0 for V8's default, which lets garbage reach well over a GB before collecting it). Meanwhile
 * another session queries and commands every 250 ms, timed: the server must keep serving. A
 * second, larger file (`BENCH_IMPORT_ROWS_LARGE`, default 1,000,000; embedded
 * `BENCH_IMPORT_ROWS_LARGE_EMBEDDED`, default the same) checks that a file ten times
 * the size completes with memory bounded.
 */

const HEADER = '取引日,伝票番号,行番号,内容,取引先名,取引数量,単位,取引金額,通貨,社内部署,勘定科目コード,エネルギー種別';
/** Kinds of record the demo rules classify: spend-based purchases and services, and energy by volume. */
const KINDS = [
  (i: number) => `原材料,株式会社山田商事,,,${150_000 + (i % 997) * 100},JPY,第一工場,1310,`,
  (i: number) => `梱包資材,大和紙器株式会社,,,${20_000 + (i % 89) * 10},JPY,第一工場,1320,`,
  (i: number) => `コピー用紙,株式会社山田商事,,,${5_000 + (i % 53) * 10},JPY,総務部,5510,`,
  (i: number) => `製品出荷運賃,株式会社丸和運輸,,,${30_000 + (i % 71) * 100},JPY,第一工場,5210,`,
  (i: number) => `電力料金,東都電力株式会社,${1_000 + (i % 401)},kWh,${28_000 + (i % 401) * 28},JPY,第一工場,5120,電力`,
  (i: number) => `都市ガス,株式会社東和ガス,${100 + (i % 97)},m3,${15_000 + (i % 97) * 150},JPY,第一工場,5120,都市ガス`,
];

/**
 * A standard-format file of `rows` records dated across fiscal year 2025 (April 2025 – March
 * 2026), their slip numbers starting with `slip` (files with different ones share no record).
 */
export async function writeStandardCsv(path: string, rows: number, slip = 'B'): Promise<void> {
  const lines = function* () {
    yield `\uFEFF${HEADER}\r\n`;
    for (let i = 0; i < rows; i++) {
      const month = (i % 12) + 4;
      const date = month <= 12 ? `2025/${month}/${(i % 28) + 1}` : `2026/${month - 12}/${(i % 28) + 1}`;
      yield `${date},${slip}${String(Math.floor(i / 5)).padStart(8, '0')},${(i % 5) + 1},${KINDS[i % KINDS.length]!(i)}\r\n`;
    }
  };
  await pipeline(Readable.from(lines()), createWriteStream(path));
}

/** The server process's peak resident set (VmHWM), or its resident set now (VmRSS), MiB. */
export function rssMiB(pid: number | undefined, which: 'VmHWM' | 'VmRSS' = 'VmHWM'): number {
  if (!pid) return Number.NaN;
  const m = new RegExp(`${which}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

/**
 * Starts the peak anew (Linux: 5 into clear_refs), so the peak read after an import is the
 * import's own, not the first start's (which seeds the demo tenant and, embedded, sets PGlite up).
 */
export function resetPeakRss(pid: number | undefined): void {
  if (pid) writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/**
 * Another user meanwhile: a query (GET /api/import/history) and a command (POST /api/currency)
 * every 250 ms while the import runs, each timed — the server must keep serving them.
 */
function otherUser(url: string, token: string): { stop: () => Promise<{ query: number[]; command: number[] }> } {
  const samples = { query: [] as number[], command: [] as number[] };
  let active = true;
  const timed = async (into: number[], call: () => Promise<{ status: number }>) => {
    const started = performance.now();
    const answer = await call();
    if (answer.status !== 200) throw new Error(`(h) the other user was refused: ${answer.status}`);
    into.push(performance.now() - started);
  };
  const loop = (async () => {
    const { body } = await send(url, token, 'POST', '/api/currency', { fiscalYear: 2099, currencyUnit: 'CHF', rate: 170 });
    const id = (body as { currency: { id: string } }).currency.id;
    for (let i = 1; active; i++) {
      await timed(samples.query, () => send(url, token, 'GET', '/api/import/history?fiscalYear=2025'));
      await timed(samples.command, () => send(url, token, 'POST', '/api/currency', { id, fiscalYear: 2099, currencyUnit: 'CHF', rate: 170 + (i % 500) / 100 }));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return { stop: async () => ((active = false), await loop, samples) };
}

async function copySeconds(databaseUrl: string, path: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const columns = HEADER.split(',').map((_, i) => `c${i} text`).join(', ');
    await client.query('drop table if exists bench_import_copy');
    await client.query(`create table bench_import_copy (${columns})`);
    const started = performance.now();
    await pipeline(createReadStream(path), client.query(copyFrom("copy bench_import_copy from stdin with (format csv, header true, encoding 'UTF8')")));
    const seconds = (performance.now() - started) / 1000;
    await client.query('drop table bench_import_copy');
    return seconds;
  } finally {
    await client.end();
  }
}

/** When the upload's progress (polled every 100 ms) first showed each phase, seconds from the start. */
type PhaseTimes = Partial<Record<'reading' | 'writing' | 'done', number>>;

function watchPhases(url: string, token: string, uploadId: string, started: number): { stop: () => PhaseTimes } {
  const seen: PhaseTimes = {};
  let active = true;
  void (async () => {
    while (active) {
      const answer = await send(url, token, 'POST', '/api/import/progress', { uploadId }).catch(() => null);
      const phase = answer?.status === 200 ? (answer.body.phase as string) : null;
      if ((phase === 'reading' || phase === 'writing' || phase === 'done') && seen[phase] === undefined) seen[phase] = (performance.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return { stop: () => ((active = false), seen) };
}

async function importOnce(url: string, token: string, path: string, fileName: string, rows: number): Promise<{ seconds: number; created: number; answerSeconds: number; phases: PhaseTimes }> {
  const started = performance.now();
  const uploadId = randomUUID();
  const watch = watchPhases(url, token, uploadId, started);
  // node:http, not fetch: fetch gives up waiting for an answer after 300 s (a million rows take longer).
  const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(`${url}/api/import?sourceType=standard&uploadId=${uploadId}&fileName=${encodeURIComponent(fileName)}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' } }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
      answer.on('error', reject);
    });
    req.on('error', reject);
    createReadStream(path).pipe(req);
  });
  const body = JSON.parse(res.text) as { status: string; created: number; importId: string };
  const answerSeconds = (performance.now() - started) / 1000;
  const phases = watch.stop();
  if (res.status !== 200 || body.status !== 'success') throw new Error(`(h) import refused: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  // Projected: the import's history row (its DataImported, the import's last event) is there,
  // and then the records query counts every line of it.
  for (;;) {
    const history = await send(url, token, 'GET', '/api/import/history?fiscalYear=2025');
    if ((history.body.imports as { importId: string }[]).some((h) => h.importId === body.importId)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  const records = await send(url, token, 'GET', `/api/import/records?fiscalYear=2025&importId=${body.importId}&limit=1`);
  if (body.created !== rows || records.body.total !== rows) throw new Error(`(h) ${body.created} of ${rows} lines created, ${records.body.total} in the ledger`);
  return { seconds, created: body.created, answerSeconds, phases };
}

const round2 = (x: number | undefined) => (x === undefined ? 'not seen' : Math.round(x * 100) / 100);

export async function benchImportFile(options: { rows: number; largeRows: { postgres: number; embedded: number }; heapMb: number }): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ghg-bench-import-'));
  // The server's V8 heap cap (0: V8's own default). V8 lets garbage pile up to its default cap
  // before it collects; a cap makes it collect earlier, so RSS shows what is live.
  const nodeOptions = process.env.NODE_OPTIONS;
  if (options.heapMb > 0) process.env.NODE_OPTIONS = `${nodeOptions ?? ''} --max-old-space-size=${options.heapMb}`.trim();
  try {
    const file = join(dir, 'standard-100k.csv');
    await writeStandardCsv(file, options.rows);
    const results = await onChildServers(async (server, label, target) => {
      // COPY needs PostgreSQL: the embedded run is compared with the same COPY on DATABASE_URL.
      const copyUrl = target.databaseUrl ?? process.env.DATABASE_URL ?? null;
      const token = await loginOver(server.url);
      const copy = copyUrl ? await copySeconds(copyUrl, file) : Number.NaN;
      const idleRss = rssMiB(server.child.pid, 'VmRSS');
      resetPeakRss(server.child.pid);
      // Another session (the administrator's, who may change currency rates) works meanwhile.
      const meanwhile = otherUser(server.url, await loginOver(server.url));
      const run = await importOnce(server.url, token, file, 'bench-100k.csv', options.rows);
      const others = await meanwhile.stop();
      const query = latencySummary(others.query);
      const command = latencySummary(others.command);
      const figures: Record<string, number | string> = {
        rows: options.rows,
        server_heap_cap_MiB: options.heapMb > 0 ? options.heapMb : 'V8 default',
        file_MiB: Math.round((statSync(file).size / 2 ** 20) * 10) / 10,
        end_to_end_s: Math.round(run.seconds * 100) / 100,
        uploaded_s: round2(run.phases.reading),
        read_checked_decided_s: round2(run.phases.writing),
        appended_s: round2(run.phases.done),
        answered_s: round2(run.answerSeconds),
        rows_per_s: Math.round(options.rows / run.seconds),
        copy_s: Math.round(copy * 1000) / 1000,
        ratio_to_copy: Math.round((run.seconds / copy) * 10) / 10,
        rss_before_MiB: idleRss,
        peak_rss_MiB: rssMiB(server.child.pid),
        other_user_query_p50_p95_max_ms: `${query.p50_ms} / ${query.p95_ms} / ${query.max_ms} (${query.samples})`,
        other_user_command_p50_p95_max_ms: `${command.p50_ms} / ${command.p95_ms} / ${command.max_ms} (${command.samples})`,
      };
      const largeRows = target.databaseUrl ? options.largeRows.postgres : options.largeRows.embedded;
      if (largeRows > 0) {
        const large = join(dir, 'standard-large.csv');
        await writeStandardCsv(large, largeRows, 'L');
        figures.large_rows = largeRows;
        try {
          resetPeakRss(server.child.pid);
          const big = await importOnce(server.url, token, large, 'bench-large.csv', largeRows);
          figures.large_end_to_end_s = Math.round(big.seconds * 10) / 10;
          figures.large_answered_s = Math.round(big.answerSeconds * 10) / 10;
          figures.large_rows_per_s = Math.round(largeRows / big.seconds);
          figures.large_peak_rss_MiB = rssMiB(server.child.pid);
        } catch (error) {
          figures.large_failed = String(error).slice(0, 300);
        }
        rmSync(large, { force: true });
      }
      return { name: `(h) import a standard CSV end to end, ${label}`, figures };
    });
    return results;
  } finally {
    if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = nodeOptions;
    rmSync(dir, { recursive: true, force: true });
  }
}
