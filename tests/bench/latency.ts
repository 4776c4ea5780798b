import WebSocket from 'ws';
import { freshPostgres } from '@ghg/eventstore/testing';
import { startTestApp, login } from '../integration/embeddedApp';
import { latencySummary, printResults, type BenchResult } from './stats';

/**
 * (b) Command-to-browser latency: the time from sending POST /api/currency to the WebSocket
 * notice for that rate arriving at a second client of the same company. This includes the whole
 * path (HTTP, decide, append, projector batch, change bus, WebSocket), so it bounds the
 * "accepted → notice" time from above.
 */
export async function benchLatency(opts: { commands?: number; databaseUrl?: string | null } = {}): Promise<BenchResult[]> {
  const commands = opts.commands ?? 1000;
  const results: BenchResult[] = [];
  const targets: [string, (() => Promise<{ url?: string; cleanup(): Promise<void> }>)][] = [
    ['embedded (PGlite)', async () => ({ cleanup: async () => {} })],
  ];
  if (opts.databaseUrl !== null && (opts.databaseUrl ?? process.env.DATABASE_URL)) {
    targets.push([
      'PostgreSQL',
      async () => {
        const db = (await freshPostgres())!;
        const url = (db.config as { url: string }).url;
        await db.knex.destroy();
        return { url, cleanup: () => db.close() };
      },
    ]);
  }
  for (const [label, open] of targets) {
    const target = await open();
    const app = await startTestApp(target.url);
    try {
      const token = await login(app, 'admin@demo.example');
      const base = app.url.replace('localhost', '127.0.0.1');
      const ws = new WebSocket(`${base.replace('http', 'ws')}/api/live?token=${token}`);
      await new Promise((resolve, reject) => (ws.once('message', resolve), ws.once('error', reject)));
      const waiting = new Map<string, () => void>();
      ws.on('message', (raw) => {
        const msg = JSON.parse(String(raw));
        if (msg.type !== 'notices') return;
        for (const n of msg.notices) if (n.topic === 'settings/currency') for (const id of n.ids) waiting.get(id)?.();
      });
      const post = async (body: object) => {
        const res = await fetch(`${base}/api/currency`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (res.status !== 200) throw new Error(`POST /api/currency: ${res.status} ${await res.text()}`);
        return ((await res.json()) as { currency: { id: string } }).currency;
      };
      const { id } = await post({ fiscalYear: 2099, currencyUnit: 'CHF', rate: 170 });
      const samples: number[] = [];
      const roundTrips: number[] = [];
      const started = performance.now();
      for (let i = 0; i < commands; i++) {
        const t0 = performance.now();
        const noticed = new Promise<void>((resolve) => waiting.set(id, resolve));
        await post({ id, fiscalYear: 2099, currencyUnit: 'CHF', rate: 170 + ((i % 500) + 1) / 100 });
        roundTrips.push(performance.now() - t0);
        await noticed;
        samples.push(performance.now() - t0);
      }
      const seconds = (performance.now() - started) / 1000;
      ws.close();
      results.push({
        name: `(b) POST /api/currency → WebSocket notice, ${label}`,
        figures: { ...latencySummary(samples), post_round_trip_p50_ms: latencySummary(roundTrips).p50_ms, commands_per_s: Math.round(commands / seconds) },
      });
    } finally {
      await app.stop();
      await target.cleanup();
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printResults(await benchLatency({ commands: Number(process.argv[2] ?? 1000) }));
}
