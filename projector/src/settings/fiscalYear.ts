import { defineProjection } from '../core/projection';
import { lastStatePerKey, upsertRows } from '../core/batchUpsert';
import { FiscalYearStartMonthSet } from '@ghg/events';

export const fiscalYearProjection = defineProjection({
  name: 'settings/fiscalYear',
  tables: ['fiscal_year_settings'],
  handles: [FiscalYearStartMonthSet],
  async applyBatch(events, ctx) {
    const { upserts } = lastStatePerKey(
      events,
      (e) => e.data.companyId,
      (e) => {
        const d = e.data;
        return { company_id: d.companyId, fiscal_year_id: d.fiscalYearId, start_month: d.startMonth, version: e.streamPosition, updated_at: e.metadata.occurredAt };
      },
    );
    await upsertRows(ctx.trx, ctx.table('fiscal_year_settings'), 'company_id', upserts);
    for (const e of events) {
      const d = e.data;
      ctx.notify({ topic: 'settings/fiscalYear', companyId: d.companyId, tenantId: e.metadata.tenantId, ids: [d.fiscalYearId] });
    }
  },
});
