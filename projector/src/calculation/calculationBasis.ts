import type { Projection } from '../core/projection';
import { CalculationBasisChanged, CalculationBasisSet, type RecordedEvent } from '@ghg/events';

type SetData = (typeof CalculationBasisSet)['schema']['_output'];
type ChangedData = (typeof CalculationBasisChanged)['schema']['_output'];

/** The basis of each company and fiscal year as it stands (the log keeps every change). */
export const calculationBasisProjection: Projection = {
  name: 'calculation/basis',
  tables: ['calculation_basis'],
  handles: [CalculationBasisSet.type, CalculationBasisChanged.type],
  async apply(event: RecordedEvent, ctx) {
    const d = event.data as SetData | ChangedData;
    const values = 'after' in d ? d.after : d;
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
};
