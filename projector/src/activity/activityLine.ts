import { defineProjection } from '../core/projection';
import { ActivityLineChanged, ActivityLineRecorded, ActivityLineRemoved } from '@ghg/events';

/** The emissions ledger: each line's results as its event carries them; nothing is recalculated here. */
export const emissionLedgerProjection = defineProjection({
  name: 'activity/emissionLedger',
  tables: ['emission_ledger'],
  handles: [ActivityLineRecorded, ActivityLineChanged, ActivityLineRemoved],
  async apply(event, ctx) {
    const table = ctx.table('emission_ledger');
    const { dealId, companyId } = event.data;
    if (event.type === ActivityLineRemoved.type) {
      await ctx.trx(table).where({ company_id: companyId, deal_id: dealId }).delete();
    } else {
      const d = event.data;
      const c = d.calculation;
      await ctx
        .trx(table)
        .insert({
          company_id: companyId,
          deal_id: dealId,
          section_id: d.section,
          scope_setting_id: d.scopeSettingId,
          deal: JSON.stringify(d.deal),
          fiscal_year: c.fiscalYear,
          fiscal_month: c.fiscalMonth,
          occurrence_date: d.deal.occurrenceDate,
          scope_category: d.scopeCategory,
          formula_id: c.formulaId,
          quantity: c.quantity,
          unit: c.unit,
          gases: JSON.stringify(c.gasesKg),
          co2e_kg: c.co2eKg,
          basis: c.basis,
          co2e_location_kg: c.basis === 'location' ? c.co2eKg : null,
          co2e_market_kg: c.basis === 'market' ? c.co2eKg : null,
          factor_versions: JSON.stringify(c.factors),
          gwp_set: c.gwpSet.id,
          source: d.source,
          version: event.streamPosition,
          updated_at: event.metadata.occurredAt,
        })
        .onConflict(['company_id', 'deal_id'])
        .merge();
    }
    ctx.notify({ topic: 'activity/lines', companyId, tenantId: event.metadata.tenantId, ids: [dealId] });
  },
});
