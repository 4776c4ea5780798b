import { defineProjection, type ProjectionContext } from '../core/projection';
import { deleteRows, upsertRows } from '../core/batchUpsert';
import { copyRows } from '../core/copyRows';
import { auditedContracts, describeForAudit, diffFields, partialUpdateTypes } from './auditDescriptors';

type Fields = Record<string, unknown>;
type States = Map<string, Fields | null>;

const NAME = 'audit';

/**
 * Who changed what and when, with before/after values, per company: the audit screen's source.
 * Entity states are loaded once per batch and kept in memory while the batch is folded, so a
 * live batch costs a few statements rather than three per event. During a rebuild the states stay
 * in the rebuild's memory for the whole replay and are written once, before the swap: the fresh
 * copy starts empty and nobody else writes it, so reading them back each batch would only cost.
 */
export const auditLogProjection = defineProjection({
  name: NAME,
  tables: ['audit_log', 'audit_entity_state'],
  handles: auditedContracts,
  async applyBatch(events, ctx) {
    const { trx, table } = ctx;
    const described = events.map((event) => {
      const view = describeForAudit(event);
      return { event, view, key: `${view.topic}:${view.entityId}` };
    });
    const keys = [...new Set(described.map((d) => d.key))];
    const states: States = ctx.rebuild ? ctx.rebuild.of<Fields | null>(NAME) : await loadStates(ctx, keys);
    // Live: the entities the state table held before the batch (the others are appended).
    const existed = ctx.rebuild ? null : new Set(states.keys());
    const auditRows = described.map(({ event, view, key }) => {
      const before = states.get(key) ?? null;
      const partial = partialUpdateTypes.has(event.type);
      const changes = diffFields(before, view.fields, partial);
      states.set(key, view.fields === null ? null : partial ? { ...before, ...view.fields } : view.fields);
      return {
        position: event.globalPosition.commit.toString(),
        event_id: event.id,
        tenant_id: event.metadata.tenantId,
        company_id: event.metadata.companyId,
        actor_user_id: event.metadata.actorUserId,
        type: event.type,
        topic: view.topic,
        entity_id: view.entityId,
        occurred_at: event.metadata.occurredAt,
        correlation_id: event.metadata.correlationId || null,
        api_token_id: event.metadata.apiTokenId ?? null,
        changes,
      };
    });
    if (ctx.rebuild) {
      // The fresh copy gets each position once: no conflict to look for.
      await copyRows(trx, table('audit_log'), auditRows);
    } else {
      await writeStates(ctx, keys, states, existed!);
      await copyRows(trx, table('audit_log'), auditRows);
    }
    for (const { event } of described) {
      ctx.notify({ topic: 'auditlog', companyId: event.metadata.companyId, tenantId: event.metadata.tenantId, ids: [event.id] });
    }
  },
  async finishRebuild(ctx) {
    // The copy's state table is still empty: the entities that exist at the end, written once.
    const states = ctx.rebuild!.of<Fields | null>(NAME);
    const rows = [...states].flatMap(([entity_key, fields]) => (fields === null ? [] : [{ entity_key, fields }]));
    await copyRows(ctx.trx, ctx.table('audit_entity_state'), rows);
  },
});

async function loadStates({ trx, table }: ProjectionContext, keys: readonly string[]): Promise<States> {
  const states: States = new Map();
  for (let i = 0; i < keys.length; i += 10_000) {
    const rows = await trx(table('audit_entity_state')).whereIn('entity_key', keys.slice(i, i + 10_000)).select('entity_key', 'fields');
    for (const r of rows) states.set(r.entity_key, (typeof r.fields === 'string' ? JSON.parse(r.fields) : r.fields) as Fields);
  }
  return states;
}

/**
 * The states of `keys` as they are now, in a live batch: deleted entities lose their row; the
 * entities the table held (`existed`) are upserted, new ones (an import's lines) appended.
 */
async function writeStates({ trx, table }: ProjectionContext, keys: readonly string[], states: States, existed: ReadonlySet<string>): Promise<void> {
  const touched = keys.map((k) => [k, states.get(k) ?? null] as const);
  await deleteRows(trx, table('audit_entity_state'), 'entity_key', touched.filter(([k, f]) => f === null && existed.has(k)).map(([k]) => k));
  const kept = touched.filter(([, f]) => f !== null).map(([k, f]) => ({ entity_key: k, fields: f }));
  await upsertRows(trx, table('audit_entity_state'), 'entity_key', kept.filter((r) => existed.has(r.entity_key)));
  await copyRows(trx, table('audit_entity_state'), kept.filter((r) => !existed.has(r.entity_key)));
}
