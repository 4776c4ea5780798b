import type { ChangeBus, Database } from '@ghg/eventstore';
import type { EventStore } from '@ghg/events';
import type { Projection } from './projection';
import { rebuildProjections } from './rebuild';
import { ProgressBar, formatCount, type ProgressOutput } from './progressBar';

export type RebuildArgs =
  | { kind: 'run'; names: string[] | 'all'; batchSize?: number }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

export function rebuildUsage(known: readonly string[]): string {
  return [
    'Usage: npm run rebuild -- <projection> [<projection>…] | --all  [--batch-size N]',
    '',
    'Replays the event log into fresh read-model tables and swaps them in when caught up.',
    `Projections: ${known.join(', ') || '(none)'}`,
  ].join('\n');
}

export function parseRebuildArgs(argv: readonly string[], known: readonly string[]): RebuildArgs {
  const names: string[] = [];
  let all = false;
  let batchSize: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '--all') all = true;
    else if (arg === '--batch-size' || arg.startsWith('--batch-size=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      batchSize = Number(value);
      if (!Number.isInteger(batchSize) || batchSize < 1) return { kind: 'error', message: `--batch-size needs a positive whole number, got ${value ?? 'nothing'}` };
    } else if (arg.startsWith('-')) return { kind: 'error', message: `Unknown option ${arg}` };
    else if (!names.includes(arg)) names.push(arg);
  }
  if (all && names.length > 0) return { kind: 'error', message: 'Give projection names or --all, not both' };
  if (!all && names.length === 0) return { kind: 'error', message: 'Name at least one projection, or --all' };
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) {
    return { kind: 'error', message: `Unknown projection${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` };
  }
  return { kind: 'run', names: all ? 'all' : names, ...(batchSize ? { batchSize } : {}) };
}

export interface RebuildCliDeps {
  db: Database;
  eventStore: EventStore;
  projections: readonly Projection[];
  changeBus?: ChangeBus | null;
  stdout?: ProgressOutput;
  stderr?: ProgressOutput;
}

/** Runs `rebuild` with command-line arguments; returns the process exit code. */
export async function runRebuildCli(argv: readonly string[], deps: RebuildCliDeps): Promise<number> {
  const stdout = deps.stdout ?? process.stdout;
  const stderr = deps.stderr ?? process.stderr;
  const known = deps.projections.map((p) => p.name);
  const args = parseRebuildArgs(argv, known);
  if (args.kind === 'help') {
    stdout.write(`${rebuildUsage(known)}\n`);
    return 0;
  }
  if (args.kind === 'error') {
    stderr.write(`${args.message}\n\n${rebuildUsage(known)}\n`);
    return 2;
  }
  const bar = new ProgressBar(stderr, { label: 'rebuild' });
  try {
    const result = await rebuildProjections({
      db: deps.db,
      eventStore: deps.eventStore,
      projections: deps.projections,
      names: args.names,
      ...(args.batchSize ? { batchSize: args.batchSize } : {}),
      changeBus: deps.changeBus ?? null,
      onProgress: (p) => {
        // Commit positions count events in the PostgreSQL store, so they make a fair total.
        const total = Math.max(p.eventsDone, Number(p.head?.commit ?? 0n));
        if (p.phase === 'swapped') bar.finish(p.eventsDone, total);
        else bar.update(p.eventsDone, total);
      },
    });
    const seconds = result.elapsedMs / 1000;
    stdout.write(
      `Rebuilt ${result.projections.join(', ')}: ${formatCount(result.events)} events in ${seconds.toFixed(1)} s` +
        ` (${formatCount(result.events / Math.max(seconds, 1e-3))} ev/s)\n`,
    );
    return 0;
  } catch (error) {
    stderr.write(`\nRebuild failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
