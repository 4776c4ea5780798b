import { defineProjection } from '../core/projection';
import { CalculationBasisChanged, CalculationBasisSet } from '@ghg/events';

/** The basis of each company and fiscal year as it stands (the log keeps every change). */
export const calculationBasisProjection = defineProjection({
  name: 'calculation/basis',
  tables: ['calculation_basis'],
  handles: [CalculationBasisSet, CalculationBasisChanged],
  async apply(event, ctx) {
    const d = event.data;
    const values = event.type === CalculationBasisChanged.type ? event.data.after : event.data;
    await ctx
      .trx(ctx.table('calculation_basis'))
      .insert({
        company_id: d.companyId,
        fiscal_year: d.fiscalYear,
        id: d.id,
        gwp_set: values.gwpSet,
        factor_sets: JSON.stringify(values.factorSets),
        version: event.streamPosition,
        updated_at: event.metadata.occurredAt,
      })
      .onConflict(['company_id', 'fiscal_year'])
      .merge();
    ctx.notify({ topic: 'calculation/basis', companyId: d.companyId, tenantId: event.metadata.tenantId, ids: [d.id] });
  },
});
