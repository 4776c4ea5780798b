import type { Projection } from '../core/projection';
import type { RecordedEvent } from '@ghg/events';
import { auditedEventTypes, describeForAudit, diffFields, partialUpdateTypes } from './auditDescriptors';

/** Who changed what and when, with before/after values, per company: the audit screen's source. */
export const auditLogProjection: Projection = {
  name: 'audit',
  tables: ['audit_log', 'audit_entity_state'],
  handles: auditedEventTypes,
  async apply(event: RecordedEvent, ctx) {
    const view = describeForAudit(event);
    if (!view) return;
    const { trx, table } = ctx;
    const entityKey = `${view.topic}:${view.entityId}`;
    const previous = await trx(table('audit_entity_state')).where({ entity_key: entityKey }).first('fields');
    const before = (previous?.fields ?? null) as Record<string, unknown> | null;
    const partial = partialUpdateTypes.has(event.type);
    const changes = diffFields(before, view.fields, partial);
    const after = view.fields === null ? null : partial ? { ...before, ...view.fields } : view.fields;
    if (after === null) await trx(table('audit_entity_state')).where({ entity_key: entityKey }).delete();
    else {
      await trx(table('audit_entity_state'))
        .insert({ entity_key: entityKey, fields: JSON.stringify(after) })
        .onConflict('entity_key')
        .merge();
    }
    await trx(table('audit_log'))
      .insert({
        position: event.globalPosition.commit.toString(),
        event_id: event.id,
        tenant_id: event.metadata.tenantId,
        company_id: event.metadata.companyId,
        actor_user_id: event.metadata.actorUserId,
        type: event.type,
        topic: view.topic,
        entity_id: view.entityId,
        occurred_at: event.metadata.occurredAt,
        changes: JSON.stringify(changes),
      })
      .onConflict('position')
      .ignore();
    ctx.notify({ topic: 'auditlog', companyId: event.metadata.companyId, tenantId: event.metadata.tenantId, ids: [event.id] });
  },
};
