import type { Projection } from '../core/projection';
import { ManagementIntensityAdded, ManagementIntensityChanged, ManagementIntensityRemoved, type RecordedEvent } from '@ghg/events';

type ValueData = (typeof ManagementIntensityAdded)['schema']['_output'];

export const managementIntensityProjection: Projection = {
  name: 'settings/managementIntensity',
  tables: ['management_intensities'],
  handles: [ManagementIntensityAdded.type, ManagementIntensityChanged.type, ManagementIntensityRemoved.type],
  async apply(event: RecordedEvent, ctx) {
    const table = ctx.table('management_intensities');
    const { id, companyId } = event.data as { id: string; companyId: string };
    if (event.type === ManagementIntensityRemoved.type) {
      await ctx.trx(table).where({ id }).delete();
    } else {
      const d = event.data as ValueData;
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
};
