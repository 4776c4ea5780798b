import { defineProjection } from '../core/projection';
import { ManagementIntensityAdded, ManagementIntensityChanged, ManagementIntensityRemoved } from '@ghg/events';

export const managementIntensityProjection = defineProjection({
  name: 'settings/managementIntensity',
  tables: ['management_intensities'],
  handles: [ManagementIntensityAdded, ManagementIntensityChanged, ManagementIntensityRemoved],
  async apply(event, ctx) {
    const table = ctx.table('management_intensities');
    const { id, companyId } = event.data;
    if (event.type === ManagementIntensityRemoved.type) {
      await ctx.trx(table).where({ id }).delete();
    } else {
      const d = event.data;
      await ctx
        .trx(table)
        .insert({
          id,
          company_id: companyId,
          intensity_id: d.intensityId,
          fiscal_year: d.fiscalYear,
          value: d.value,
          version: event.streamPosition,
          updated_at: event.metadata.occurredAt,
        })
        .onConflict('id')
        .merge();
    }
    ctx.notify({ topic: 'settings/managementIntensity', companyId, tenantId: event.metadata.tenantId, ids: [id] });
  },
});
