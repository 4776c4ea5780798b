import type { Knex } from 'knex';
import type { RecordedEvent } from '@ghg/events';
import type { Projection, ProjectionContext } from './projection';
import { NoticeCollector } from './notices';
import type { RebuildMemory } from './rebuildMemory';

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
export function makeContext(trx: Knex.Transaction, table: (logical: string) => string, notices: NoticeCollector | null, rebuild?: RebuildMemory): ProjectionContext {
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
  ctx: ProjectionContext,
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

export class ProjectionFailedError extends Error {
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent | null,
    override readonly cause: unknown,
  ) {
    super(`Projection ${projection} failed${event ? ` on ${event.type} at ${event.globalPosition.commit}` : ''}: ${String((cause as Error)?.message ?? cause)}`);
    this.name = 'ProjectionFailedError';
  }
}
