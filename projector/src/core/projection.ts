import type { Knex } from 'knex';
import type { RecordedEvent, ChangeNotice } from '@ghg/events';
import type { RebuildMemory } from './rebuildMemory';

export interface ProjectionContext {
  /** The batch transaction: every read-model write and the checkpoint commit together. */
  trx: Knex.Transaction;
  /**
   * Physical name of a logical read-model table. During a rebuild this is the fresh copy
   * (for example `currency_rates__rebuild`), otherwise the live table.
   */
  table(logicalName: string): string;
  /** Records a change to announce once the batch has committed. */
  notify(notice: Omit<ChangeNotice, 'position'>): void;
  /** Only during a rebuild: memory for the whole replay (see RebuildMemory). */
  rebuild?: RebuildMemory;
}

/**
 * A named, idempotent projection from the global log into read-model tables.
 * The tables themselves are created by knex migrations (projector/src/migrations).
 */
export interface Projection {
  name: string;
  /** Logical tables it owns; a rebuild copies their shape and swaps them in when caught up. */
  tables: readonly string[];
  /** Event types it reacts to; every other event only advances its checkpoint. */
  handles: readonly string[];
  apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void>;
  /**
   * Optional fast path, used instead of `apply` when present: receives the handled events of a
   * batch (in log order, up to the batch size) so it can write them with a few multi-row
   * statements. It must leave the tables exactly as calling `apply` on each event in turn would.
   * Worth it for projections that see many events: a rebuild otherwise pays one round trip
   * per event.
   */
  applyBatch?(events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void>;
  /**
   * Optional: during a rebuild, called once in the swap transaction before the copies go live,
   * to write what the projection kept in `ctx.rebuild` instead of writing it every batch.
   */
  finishRebuild?(ctx: ProjectionContext): Promise<void>;
}
