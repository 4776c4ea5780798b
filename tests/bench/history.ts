import { loginOver, send } from '../integration/commandLoad';
import { onChildServers } from './childServers';
import { latencySummary, printResults, type BenchResult } from './stats';

/**
 * (o) Command latency against the company's history: `POST /api/currency` (an edit of
 * one rate, no `expectedVersion`) with 10, 1,000 and 10,000 prior events of the same company, from
 * one client and from 4 concurrent clients (each editing its own rate), on the server as `npm
 * start` runs it, embedded (PGlite) and on PostgreSQL. The history is other rates and offsets of
 * the company, written through the API. Target: at 10,000 within 2× of at 10; no 409.
 */
const LEVELS = [10, 1_000, 10_000];
const SAMPLES = 200;
const CLIENTS = 4;

/** The i-th distinct three-letter currency code. */
const code = (i: number) => ['Q', String.fromCharCode(65 + (Math.floor(i / 26) % 26)), String.fromCharCode(65 + (i % 26))].join('');

export async function benchHistory(opts: { levels?: number[]; samples?: number } = {}): Promise<BenchResult[]> {
  const levels = opts.levels ?? LEVELS;
  const samples = opts.samples ?? SAMPLES;
  return onChildServers(async (server, label): Promise<BenchResult> => {
    const token = await loginOver(server.url);
    const call = (method: string, path: string, body?: unknown) => send(server.url, token, method, path, body);
    // The rates the measured edits change: one per client.
    const rates: string[] = [];
    for (let c = 0; c < CLIENTS; c++) rates.push((await call('POST', '/api/currency', { fiscalYear: 2099, currencyUnit: code(c), rate: 100 })).body.currency.id);
    let written = 0;
    let nextRecord = 0;
    const figures: Record<string, number | string> = {};
    for (const level of levels) {
      // Other records of the same company until `level` events of history, from 8 clients.
      const fill = async () => {
        while (written < level) {
          const i = nextRecord++;
          // Each record is two events: the entity's own and its claim (one rate per year and currency; credit serials).
          written += 2;
          const res =
            i % 2 === 0
              ? await call('POST', '/api/currency', { fiscalYear: 2100 + Math.floor(i / 676), currencyUnit: code(i), rate: 100 + (i % 50) })
              : await call('POST', '/api/offset', { type: 'J-クレジット', particularNumberFrom: `H-${i}-1`, particularNumberTo: `H-${i}-9`, invalidOrRelocationQuantity: 1, invalidOrRelocationDate: '2025-06-30', authType: '無効化' });
          if (res.status !== 200) throw new Error(`history ${i}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      };
      await Promise.all(Array.from({ length: 8 }, fill));
      const edit = async (client: number, n: number) => {
        const started = performance.now();
        const res = await call('POST', '/api/currency', { id: rates[client], fiscalYear: 2099, currencyUnit: code(client), rate: 100 + (n % 97) / 100 });
        return { ms: performance.now() - started, status: res.status };
      };
      const single: number[] = [];
      let refused = 0;
      for (let n = 0; n < samples; n++) {
        const r = await edit(0, n);
        single.push(r.ms);
        if (r.status !== 200) refused += 1;
      }
      const concurrent = (await Promise.all(Array.from({ length: CLIENTS }, async (_, client) => {
        const out: { ms: number; status: number }[] = [];
        for (let n = 0; n < samples / CLIENTS; n++) out.push(await edit(client, n));
        return out;
      }))).flat();
      const one = latencySummary(single);
      const four = latencySummary(concurrent.map((r) => r.ms));
      figures[`p50_ms at ${level} prior, 1 client`] = one.p50_ms;
      figures[`p99_ms at ${level} prior, 1 client`] = one.p99_ms;
      figures[`p50_ms at ${level} prior, ${CLIENTS} clients`] = four.p50_ms;
      figures[`p99_ms at ${level} prior, ${CLIENTS} clients`] = four.p99_ms;
      figures[`non_2xx at ${level} prior`] = refused + concurrent.filter((r) => r.status !== 200).length;
    }
    const first = levels[0]!;
    const last = levels[levels.length - 1]!;
    figures[`p50 ratio ${last} ÷ ${first} (1 client)`] = Math.round((Number(figures[`p50_ms at ${last} prior, 1 client`]) / Number(figures[`p50_ms at ${first} prior, 1 client`])) * 100) / 100;
    return { name: `(o) POST /api/currency against the company's history, ${label}`, figures };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printResults(await benchHistory());
  process.exit(0);
}
