import { filedHeadline } from '@ghg/domain';
import { ReportFiled } from '@ghg/events';
import { defineProjection } from '../core/projection';

/**
 * One row per filed report (migrations 0022 and 0027): the regime, the position and hash, and its
 * headline figures by name; the GHG Protocol's also in its scope columns (null for other regimes).
 */
export const filedReportsProjection = defineProjection({
  name: 'reports/filedReports',
  tables: ['filed_reports'],
  handles: [ReportFiled],
  async apply(event, ctx) {
    const d = event.data;
    const { lines, figures } = filedHeadline(d);
    await ctx
      .trx(ctx.table('filed_reports'))
      .insert({
        report_id: d.reportId,
        company_id: d.companyId,
        fiscal_year: d.fiscalYear,
        regime: d.regime,
        position: d.position,
        sha256: d.sha256,
        scope1_kg: d.totals?.scope1Kg ?? null,
        scope2_location_kg: d.totals?.scope2LocationKg ?? null,
        scope2_market_kg: d.totals?.scope2MarketKg ?? null,
        scope3_kg: d.totals?.scope3Kg ?? null,
        figures: JSON.stringify(figures),
        lines,
        note: d.note,
        filed_at: event.metadata.occurredAt,
        filed_by: event.metadata.actorUserId,
      })
      .onConflict('report_id')
      .ignore();
    ctx.notify({ topic: 'reports', companyId: d.companyId, tenantId: event.metadata.tenantId, ids: [d.reportId] });
  },
});
