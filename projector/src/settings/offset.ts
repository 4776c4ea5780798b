import { defineProjection } from '../core/projection';
import { OffsetAdded, OffsetChanged, OffsetRemoved } from '@ghg/events';

export const offsetProjection = defineProjection({
  name: 'settings/offset',
  tables: ['offsets'],
  handles: [OffsetAdded, OffsetChanged, OffsetRemoved],
  async apply(event, ctx) {
    const table = ctx.table('offsets');
    const { id, companyId } = event.data;
    if (event.type === OffsetRemoved.type) {
      await ctx.trx(table).where({ id }).delete();
    } else {
      const d = event.data;
      await ctx
        .trx(table)
        .insert({
          id,
          company_id: companyId,
          type: d.type,
          particular_number_from: d.particularNumberFrom,
          particular_number_to: d.particularNumberTo,
          invalid_or_relocation_quantity: d.invalidOrRelocationQuantity,
          invalid_or_relocation_date: d.invalidOrRelocationDate,
          auth_type: d.authType,
          version: event.streamPosition,
          updated_at: event.metadata.occurredAt,
        })
        .onConflict('id')
        .merge();
    }
    ctx.notify({ topic: 'settings/offset', companyId, tenantId: event.metadata.tenantId, ids: [id] });
  },
});
