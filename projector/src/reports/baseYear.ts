import { defineProjection } from '../core/projection';
import { BaseYearRestated, BaseYearSet } from '@ghg/events';

/** The base year's records (migration 0023): a set and each restatement, kept side by side. */
export const baseYearProjection = defineProjection({
  name: 'reports/baseYear',
  tables: ['base_year_records'],
  handles: [BaseYearSet, BaseYearRestated],
  async apply(event, ctx) {
    const table = ctx.table('base_year_records');
    const d = event.data;
    // A restatement keeps the threshold the base year was set with.
    const threshold =
      event.type === BaseYearSet.type
        ? event.data.thresholdPercent
        : (((await ctx.trx(table).where({ company_id: d.companyId }).orderBy('seq', 'desc').first('threshold_percent')) as { threshold_percent: string } | undefined)?.threshold_percent ?? 5);
    await ctx
      .trx(table)
      .insert({
        company_id: d.companyId,
        seq: event.streamPosition,
        kind: event.type === BaseYearSet.type ? 'set' : 'restated',
        base_year: d.baseYear,
        threshold_percent: threshold,
        position: d.position,
        sha256: d.sha256,
        scope1_kg: d.figures.scope1Kg,
        scope2_location_kg: d.figures.scope2LocationKg,
        scope2_market_kg: d.figures.scope2MarketKg,
        scope3_kg: d.figures.scope3Kg,
        total_kg: d.figures.totalKg,
        lines: d.figures.lines,
        previous_position: event.type === BaseYearRestated.type ? event.data.previousPosition : null,
        reason: event.type === BaseYearRestated.type ? event.data.reason : null,
        note: event.type === BaseYearRestated.type ? event.data.note : null,
        recorded_at: event.metadata.occurredAt,
        recorded_by: event.metadata.actorUserId,
      })
      .onConflict(['company_id', 'seq'])
      .ignore();
    ctx.notify({ topic: 'reports', companyId: d.companyId, tenantId: event.metadata.tenantId, ids: [`baseYear:${d.companyId}`] });
  },
});
