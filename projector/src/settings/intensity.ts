import type { Projection } from '../core/projection';
import { IntensityAdded, IntensityChanged, IntensityRemoved, type RecordedEvent } from '@ghg/events';

type IntensityData = (typeof IntensityAdded)['schema']['_output'];

export const intensityProjection: Projection = {
  name: 'settings/intensity',
  tables: ['intensities'],
  handles: [IntensityAdded.type, IntensityChanged.type, IntensityRemoved.type],
  async apply(event: RecordedEvent, ctx) {
    const table = ctx.table('intensities');
    const { id, companyId } = event.data as { id: string; companyId: string };
    if (event.type === IntensityRemoved.type) {
      await ctx.trx(table).where({ id }).delete();
    } else {
      const d = event.data as IntensityData;
      await ctx
        .trx(table)
        .insert({ id, company_id: companyId, name: d.name, unit: d.unit, version: event.streamPosition, updated_at: event.metadata.occurredAt })
        .onConflict('id')
        .merge();
    }
    ctx.notify({ topic: 'settings/intensity', companyId, tenantId: event.metadata.tenantId, ids: [id] });
  },
};
