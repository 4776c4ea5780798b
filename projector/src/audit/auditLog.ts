import type { Projection } from '../core/projection';
import type { RecordedEvent } from '@ghg/events';
import { deleteRows, upsertRows } from '../core/batchUpsert';
import { auditedEventTypes, describeForAudit, diffFields, partialUpdateTypes } from './auditDescriptors';

type Fields = Record<string, unknown>;

/**
 * Who changed what and when, with before/after values, per company: the audit screen's source.
 * Entity states are loaded once per batch and kept in memory while the batch is folded, so a
 * rebuild costs a few statements per batch rather than three per event.
 */
export const auditLogProjection: Projection = {
  name: 'audit',
  tables: ['audit_log', 'audit_entity_state'],
  handles: auditedEventTypes,
  async apply(event: RecordedEvent, ctx) {
    await this.applyBatch!([event], ctx);
  },
  async applyBatch(events, ctx) {
    const { trx, table } = ctx;
    const described = events.flatMap((event) => {
      const view = describeForAudit(event);
      return view ? [{ event, view, key: `${view.topic}:${view.entityId}` }] : [];
    });
    const keys = [...new Set(described.map((d) => d.key))];
    const states = new Map<string, Fields | null>();
    for (let i = 0; i < keys.length; i += 10_000) {
      const rows = await trx(table('audit_entity_state')).whereIn('entity_key', keys.slice(i, i + 10_000)).select('entity_key', 'fields');
      for (const r of rows) states.set(r.entity_key, (typeof r.fields === 'string' ? JSON.parse(r.fields) : r.fields) as Fields);
    }
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
        changes,
      };
    });
    const touched = keys.map((k) => [k, states.get(k) ?? null] as const);
    await deleteRows(trx, table('audit_entity_state'), 'entity_key', touched.filter(([, f]) => f === null).map(([k]) => k));
    await upsertRows(
      trx,
      table('audit_entity_state'),
      'entity_key',
      touched.filter(([, f]) => f !== null).map(([k, f]) => ({ entity_key: k, fields: f })),
    );
    await upsertRows(trx, table('audit_log'), 'position', auditRows, 'ignore');
    for (const { event } of described) {
      ctx.notify({ topic: 'auditlog', companyId: event.metadata.companyId, tenantId: event.metadata.tenantId, ids: [event.id] });
    }
  },
};
