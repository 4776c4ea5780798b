import { defineProjection } from '../core/projection';
import { NonFossilCertificateAdded, NonFossilCertificateChanged, NonFossilCertificateRemoved } from '@ghg/events';

export const nonFossilCertificateProjection = defineProjection({
  name: 'settings/nonFossilCertificate',
  tables: ['non_fossil_certificates'],
  handles: [NonFossilCertificateAdded, NonFossilCertificateChanged, NonFossilCertificateRemoved],
  async apply(event, ctx) {
    const table = ctx.table('non_fossil_certificates');
    const { id, companyId } = event.data;
    if (event.type === NonFossilCertificateRemoved.type) {
      await ctx.trx(table).where({ id }).delete();
    } else {
      const d = event.data;
      await ctx
        .trx(table)
        .insert({
          id,
          company_id: companyId,
          certificate_type: d.certificateType,
          quantity_kwh: d.quantityKwh,
          period_from: d.periodFrom,
          period_to: d.periodTo,
          fiscal_year: d.fiscalYear,
          tracking: d.tracking,
          power_source: d.powerSource,
          generator_name: d.generatorName,
          generator_location: d.generatorLocation,
          version: event.streamPosition,
          updated_at: event.metadata.occurredAt,
        })
        .onConflict('id')
        .merge();
    }
    ctx.notify({ topic: 'settings/nonFossilCertificate', companyId, tenantId: event.metadata.tenantId, ids: [id] });
  },
});
