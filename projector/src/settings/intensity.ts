import { defineProjection } from '../core/projection';
import { IntensityAdded, IntensityChanged, IntensityRemoved } from '@ghg/events';

export const intensityProjection = defineProjection({
  name: 'settings/intensity',
  tables: ['intensities'],
  handles: [IntensityAdded, IntensityChanged, IntensityRemoved],
  async apply(event, ctx) {
    const table = ctx.table('intensities');
    const { id, companyId } = event.data;
    if (event.type === IntensityRemoved.type) {
      await ctx.trx(table).where({ id }).delete();
    } else {
      const d = event.data;
      await ctx
        .trx(table)
        .insert({ id, company_id: companyId, name: d.name, unit: d.unit, version: event.streamPosition, updated_at: event.metadata.occurredAt })
        .onConflict('id')
        .merge();
    }
    ctx.notify({ topic: 'settings/intensity', companyId, tenantId: event.metadata.tenantId, ids: [id] });
  },
});
