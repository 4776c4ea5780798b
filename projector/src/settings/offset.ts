import type { Projection } from '../core/projection';
import { OffsetAdded, OffsetChanged, OffsetRemoved, type RecordedEvent } from '@ghg/events';

type OffsetData = (typeof OffsetAdded)['schema']['_output'];

export const offsetProjection: Projection = {
  name: 'settings/offset',
  tables: ['offsets'],
  handles: [OffsetAdded.type, OffsetChanged.type, OffsetRemoved.type],
  async apply(event: RecordedEvent, ctx) {
    const table = ctx.table('offsets');
    const { id, companyId } = event.data as { id: string; companyId: string };
    if (event.type === OffsetRemoved.type) {
      await ctx.trx(table).where({ id }).delete();
    } else {
      const d = event.data as OffsetData;
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
};
