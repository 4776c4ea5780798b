import type { Knex } from 'knex';
import type { RecordedEvent, ChangeNotice, LiveTopic } from '@ghg/events';
import type { AnyEventContract, DomainEventOf } from '@ghg/events';
import type { RebuildMemory } from './rebuildMemory';

/**
 * What a projection is given besides its events. The product's projections (`defineProjection`)
 * announce only the product's topics (`LiveTopic`, which the web app maps to its queries); the
 * runner's own contract (`Projection`) takes any topic, as test projections announce their own.
 */
export interface ProjectionContext<Topic extends string = LiveTopic> {
  /** The batch transaction: every read-model write and the checkpoint commit together. */
  trx: Knex.Transaction;
  /**
   * Physical name of a logical read-model table. During a rebuild this is the fresh copy
   * (for example `currency_rates__rebuild`), otherwise the live table.
   */
  table(logicalName: string): string;
  /** Records a change to announce once the batch has committed. */
  notify(notice: Omit<ChangeNotice, 'position' | 'topic'> & { topic: Topic }): void;
  /** Only during a rebuild: memory for the whole replay (see RebuildMemory). */
  rebuild?: RebuildMemory;
}

/** The context the runner makes: it takes a notice of any topic. */
export type RunnerContext = ProjectionContext<string>;

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
  apply(event: RecordedEvent, ctx: RunnerContext): Promise<void>;
  /**
   * Optional fast path, used instead of `apply` when present: receives the handled events of a
   * batch (in log order, up to the batch size) so it can write them with a few multi-row
   * statements. It must leave the tables exactly as calling `apply` on each event in turn would.
   * Worth it for projections that see many events: a rebuild otherwise pays one round trip
   * per event.
   */
  applyBatch?(events: readonly RecordedEvent[], ctx: RunnerContext): Promise<void>;
  /**
   * Optional: during a rebuild, called once in the swap transaction before the copies go live,
   * to write what the projection kept in `ctx.rebuild` instead of writing it every batch.
   */
  finishRebuild?(ctx: RunnerContext): Promise<void>;
}

/** A recorded event of one of the contracts `C`, its `type` and `data` typed by that contract. */
export type RecordedOf<C extends AnyEventContract> = C extends unknown ? RecordedEvent<DomainEventOf<C>['type'], DomainEventOf<C>['data']> : never;

interface ProjectionSpecBase<C extends AnyEventContract> {
  name: string;
  tables: readonly string[];
  /** The contracts of the events it reacts to: `apply` and `applyBatch` receive those, narrowed. */
  handles: readonly C[];
  finishRebuild?(ctx: ProjectionContext): Promise<void>;
}

/** A projection as written: `apply` per event, `applyBatch` per batch, or both (see `Projection`). */
export type ProjectionSpec<C extends AnyEventContract> = ProjectionSpecBase<C> &
  (
    | { apply(event: RecordedOf<C>, ctx: ProjectionContext): Promise<void>; applyBatch?(events: readonly RecordedOf<C>[], ctx: ProjectionContext): Promise<void> }
    | { apply?: undefined; applyBatch(events: readonly RecordedOf<C>[], ctx: ProjectionContext): Promise<void> }
  );

/**
 * A projection from the contracts it handles: the runner passes it only events of those types,
 * and here they are narrowed to them (checked by type, so an event of another type never reaches
 * it), so `event.data` is typed without a cast. With only `applyBatch`, one event is a batch of one.
 */
export function defineProjection<C extends AnyEventContract>(spec: ProjectionSpec<C>): Projection {
  const types: ReadonlySet<string> = new Set(spec.handles.map((c) => c.type));
  const handled = (event: RecordedEvent): event is RecordedEvent & RecordedOf<C> => types.has(event.type);
  const { apply, applyBatch } = spec;
  return {
    name: spec.name,
    tables: spec.tables,
    handles: [...types],
    apply: apply
      ? async (event, ctx) => (handled(event) ? apply(event, ctx) : undefined)
      : async (event, ctx) => (handled(event) ? applyBatch([event], ctx) : undefined),
    ...(applyBatch ? { applyBatch: (events: readonly RecordedEvent[], ctx: RunnerContext) => applyBatch(events.filter(handled), ctx) } : {}),
    ...(spec.finishRebuild ? { finishRebuild: spec.finishRebuild } : {}),
  };
}
