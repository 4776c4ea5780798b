import { defineProjection } from '../core/projection';
import { ReportFiled } from '@ghg/events';

export const filedReportsProjection = defineProjection({
  name: 'reports/filedReports',
  tables: ['filed_reports'],
  handles: [ReportFiled],
  async apply(event, ctx) {
    const d = event.data;
    await ctx
      .trx(ctx.table('filed_reports'))
      .insert({
        report_id: d.reportId,
        company_id: d.companyId,
        fiscal_year: d.fiscalYear,
        regime: d.regime,
        position: d.position,
        sha256: d.sha256,
        scope1_kg: d.totals.scope1Kg,
        scope2_location_kg: d.totals.scope2LocationKg,
        scope2_market_kg: d.totals.scope2MarketKg,
        scope3_kg: d.totals.scope3Kg,
        lines: d.totals.lines,
        note: d.note,
        filed_at: event.metadata.occurredAt,
        filed_by: event.metadata.actorUserId,
      })
      .onConflict('report_id')
      .ignore();
    ctx.notify({ topic: 'reports', companyId: d.companyId, tenantId: event.metadata.tenantId, ids: [d.reportId] });
  },
});
