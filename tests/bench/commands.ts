import { prepareLoad, runClients } from '../integration/commandLoad';
import { onChildServers } from './childServers';
import { latencySummary, printResults, type BenchResult } from './stats';

/**
 * (n) Command throughput from outside: `clients` concurrent clients send `commands` mixed
 * commands (rates added and edited, offsets, goal edits, intensities, flags, section renames)
 * over HTTP to the server in its own process, as `npm start` runs it, on PGlite and on
 * PostgreSQL. Every client sends its next command when the previous one is answered.
 * Targets: p99 < 300 ms and ≥ 150 commands/s embedded, ≥ 300 commands/s on PostgreSQL.
 */
export async function benchCommands(opts: { clients?: number; commands?: number } = {}): Promise<BenchResult[]> {
  const clients = opts.clients ?? 20;
  const commands = opts.commands ?? 1000;
  return onChildServers(async (server, label): Promise<BenchResult> => {
    const target = await prepareLoad(server.url);
    await runClients({ target, clients, total: 50, from: commands }); // warm-up: JIT, connection pools, caches
    const started = performance.now();
    const sent = await runClients({ target, clients, total: commands });
    const seconds = (performance.now() - started) / 1000;
    const byStatus: Record<string, number> = {};
    for (const r of sent) if (r.status !== 200) byStatus[`status_${r.status} ${r.command.kind}`] = (byStatus[`status_${r.status} ${r.command.kind}`] ?? 0) + 1;
    const byKind = new Map<string, number[]>();
    for (const r of sent) byKind.set(r.command.kind, [...(byKind.get(r.command.kind) ?? []), r.ms]);
    return {
      name: `(n) ${commands} mixed commands from ${clients} concurrent clients, ${label}`,
      figures: {
        commands_per_s: Math.round(sent.length / seconds),
        ...latencySummary(sent.map((r) => r.ms)),
        non_2xx: sent.filter((r) => r.status !== 200).length,
        ...byStatus,
        ...Object.fromEntries([...byKind].map(([kind, ms]) => [`p50_ms ${kind}`, latencySummary(ms).p50_ms])),
      },
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printResults(await benchCommands({ commands: Number(process.argv[2] ?? 1000) }));
  process.exit(0);
}
