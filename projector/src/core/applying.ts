import type { Knex } from 'knex';
import type { RecordedEvent } from '@ghg/events';
import type { Projection, RunnerContext } from './projection';
import { NoticeCollector } from './notices';
import type { RebuildMemory } from './rebuildMemory';
import { errorText } from './failures';
import { DEFERRED_KEYS } from '../migrations/0010_deferredUniques';

/** Maps a projection's logical tables to physical names; undeclared tables are refused so a
 * rebuild can never miss a table the projection writes. */
export function tableMapper(projection: Projection, physical: (logical: string) => string): (logical: string) => string {
  const declared = new Set(projection.tables);
  return (logical) => {
    if (!declared.has(logical)) {
      throw new Error(`Projection ${projection.name} uses table ${logical}, which it does not declare in tables`);
    }
    return physical(logical);
  };
}

/** `notices` null: nobody will hear them (a rebuild without a change bus), so they are dropped. */
export function makeContext(trx: Knex.Transaction, table: (logical: string) => string, notices: NoticeCollector | null, rebuild?: RebuildMemory): RunnerContext {
  return { trx, table, notify: notices ? (notice) => notices.add(notice) : () => undefined, ...(rebuild ? { rebuild } : {}) };
}

/** Events of `events` that the projection reacts to, in log order. */
export function handledBy(projection: Projection, events: readonly RecordedEvent[]): RecordedEvent[] {
  const types = new Set(projection.handles);
  return events.filter((e) => types.has(e.type));
}

/** Which event was being applied when a projection threw (null inside applyBatch). */
export interface ApplyProgress {
  current: RecordedEvent | null;
}

/** Uses the projection's batch fast path when it has one (one multi-row write per batch). */
export async function applyEvents(
  projection: Projection,
  events: readonly RecordedEvent[],
  ctx: RunnerContext,
  progress: ApplyProgress = { current: null },
): Promise<void> {
  if (events.length === 0) return;
  if (projection.applyBatch) {
    progress.current = events.length === 1 ? events[0]! : null;
    await projection.applyBatch(events, ctx);
    return;
  }
  for (const event of events) {
    progress.current = event;
    await projection.apply(event, ctx);
  }
  progress.current = null;
}

/**
 * Applies a projection's events in a savepoint of `trx`, so a failure rolls back this projection's
 * writes only. When it fails inside applyBatch, which does not say which event it choked on, the
 * events are replayed one at a time in a savepoint that is always rolled back, to name the event:
 * an operator repairing it needs the event, not the batch.
 */
export async function applyInSavepoint(
  trx: Knex.Transaction,
  projection: Projection,
  events: readonly RecordedEvent[],
  context: (trx: Knex.Transaction) => RunnerContext,
): Promise<void> {
  const progress: ApplyProgress = { current: null };
  try {
    const deferred = projection.tables.some((t) => DEFERRED_KEY_TABLES.has(t));
    await trx.transaction(async (sp) => {
      // Unique keys declared deferrable (migration 0010) are checked on the batch's final state,
      // here, inside this projection's savepoint, so a breach is this projection's failure alone.
      if (deferred) await sp.raw('set constraints all deferred');
      await applyEvents(projection, events, context(sp), progress);
      if (deferred) await sp.raw('set constraints all immediate');
    });
  } catch (error) {
    if (progress.current !== null || events.length <= 1) throw new ProjectionFailedError(projection.name, progress.current ?? events[0] ?? null, error);
    throw (await locateFailure(trx, projection, events, context)) ?? new ProjectionFailedError(projection.name, null, error);
  }
}

/** Tables with a deferrable unique key (migration 0010). */
const DEFERRED_KEY_TABLES: ReadonlySet<string> = new Set(DEFERRED_KEYS.map(([table]) => table));

class RollBack extends Error {}

/** The first of `events` that fails on its own, replayed in a savepoint that leaves nothing behind. */
async function locateFailure(
  trx: Knex.Transaction,
  projection: Projection,
  events: readonly RecordedEvent[],
  context: (trx: Knex.Transaction) => RunnerContext,
): Promise<ProjectionFailedError | null> {
  let found: ProjectionFailedError | null = null;
  try {
    await trx.transaction(async (sp) => {
      const ctx = context(sp);
      for (const event of events) {
        try {
          await applyEvents(projection, [event], ctx);
        } catch (error) {
          found = new ProjectionFailedError(projection.name, event, error);
          break;
        }
      }
      throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  return found;
}

export class ProjectionFailedError extends Error {
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent | null,
    override readonly cause: unknown,
  ) {
    super(`Projection ${projection} failed${event ? ` on ${describe(event)}` : ''}: ${errorText(cause)}`);
    this.name = 'ProjectionFailedError';
  }
}

/** Everything an operator needs to find the event in the log. */
function describe(event: RecordedEvent): string {
  const { commit, prepare } = event.globalPosition;
  return `event ${event.id} (${event.type}, stream ${event.streamId}) at position ${commit}/${prepare}`;
}
