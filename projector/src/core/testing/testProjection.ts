import type { Knex } from 'knex';
import type { EventMetadata, NewEvent, RecordedEvent } from '@ghg/events';
import type { Projection } from '../projection';
import type { ReadModelMigration } from '../../migrations/index';

/**
 * A tiny read model for the projector's own tests: items with a value, and a counter that
 * grows by one for every applied event, so applying anything twice shows up as a wrong count.
 */
export const TEST_ITEM_SET = 'ProjectorTestItemSet';
export const TEST_ITEM_REMOVED = 'ProjectorTestItemRemoved';
export const TEST_OTHER = 'ProjectorTestOther';

export const testMigration: ReadModelMigration = {
  name: '9000_projector_test',
  async up(knex: Knex) {
    await knex.schema.createTable('test_items', (t) => {
      t.text('id').primary();
      t.integer('value').notNullable();
      t.integer('updates').notNullable();
      t.index(['value'], 'test_items_value_idx');
      t.check('?? >= 0', ['updates'], 'test_items_updates_check');
    });
    await knex.schema.createTable('test_counter', (t) => {
      t.text('id').primary();
      t.bigInteger('applied').notNullable();
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTable('test_items');
    await knex.schema.dropTable('test_counter');
  },
};

const metadata: EventMetadata = {
  actorUserId: null,
  companyId: 'c1',
  tenantId: 't1',
  correlationId: 'test',
  causationId: null,
  occurredAt: '2026-01-01T00:00:00.000Z',
};

export function itemSet(itemId: string, value: number): NewEvent {
  return { type: TEST_ITEM_SET, schemaVersion: 1, data: { itemId, value }, metadata };
}
export function itemRemoved(itemId: string): NewEvent {
  return { type: TEST_ITEM_REMOVED, schemaVersion: 1, data: { itemId }, metadata };
}
export function otherEvent(): NewEvent {
  return { type: TEST_OTHER, schemaVersion: 1, data: {}, metadata };
}

export interface TestProjectionOptions {
  name?: string;
  /** Throws when applying an event for which this returns true (after writing its row). */
  failOn?: (event: RecordedEvent) => boolean;
  /** Delay per event, to widen race windows in concurrency tests. */
  delayMs?: number;
  /** Also has applyBatch, which (like the real fast paths) does not say which event failed. */
  batched?: boolean;
}

export function testProjection(options: TestProjectionOptions = {}): Projection {
  const projection: Projection = {
    name: options.name ?? 'test/items',
    tables: ['test_items', 'test_counter'],
    handles: [TEST_ITEM_SET, TEST_ITEM_REMOVED],
    async apply(event, ctx) {
      const data = event.data as { itemId: string; value?: number };
      const items = ctx.table('test_items');
      if (event.type === TEST_ITEM_SET) {
        await ctx.trx(items)
          .insert({ id: data.itemId, value: data.value, updates: 1 })
          .onConflict('id')
          .merge({ value: data.value, updates: ctx.trx.raw('??.updates + 1', [items]) });
      } else {
        await ctx.trx(items).where({ id: data.itemId }).delete();
      }
      await ctx.trx.raw(
        `insert into ?? (id, applied) values ('all', 1) on conflict (id) do update set applied = ??.applied + 1`,
        [ctx.table('test_counter'), ctx.table('test_counter')],
      );
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      if (options.failOn?.(event)) throw new Error(`test projection refuses ${event.type} at ${event.globalPosition.commit}`);
      ctx.notify({ topic: 'test/items', companyId: event.metadata.companyId, tenantId: event.metadata.tenantId, ids: [data.itemId] });
    },
  };
  if (!options.batched) return projection;
  return {
    ...projection,
    async applyBatch(events, ctx) {
      for (const event of events) await projection.apply(event, ctx);
    },
  };
}

export async function readItems(knex: Knex): Promise<{ id: string; value: number; updates: number }[]> {
  return knex('test_items').select('id', 'value', 'updates').orderBy('id');
}

export async function readCounter(knex: Knex): Promise<number> {
  const row = await knex('test_counter').where({ id: 'all' }).first('applied');
  return row ? Number(row.applied) : 0;
}
