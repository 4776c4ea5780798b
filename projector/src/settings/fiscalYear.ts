import type { Projection } from '../core/projection';
import { FiscalYearStartMonthSet, type RecordedEvent } from '@ghg/events';

type Data = (typeof FiscalYearStartMonthSet)['schema']['_output'];

export const fiscalYearProjection: Projection = {
  name: 'settings/fiscalYear',
  tables: ['fiscal_year_settings'],
  handles: [FiscalYearStartMonthSet.type],
  async apply(event: RecordedEvent, ctx) {
    const d = event.data as Data;
    await ctx
      .trx(ctx.table('fiscal_year_settings'))
      .insert({
        company_id: d.companyId,
        fiscal_year_id: d.fiscalYearId,
        start_month: d.startMonth,
        version: event.streamPosition,
        updated_at: event.metadata.occurredAt,
      })
      .onConflict('company_id')
      .merge();
    ctx.notify({ topic: 'settings/fiscalYear', companyId: d.companyId, tenantId: event.metadata.tenantId, ids: [d.fiscalYearId] });
  },
};
