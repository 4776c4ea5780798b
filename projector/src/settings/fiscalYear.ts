import type { Projection } from '../core/projection';
import { lastStatePerKey, upsertRows } from '../core/batchUpsert';
import { FiscalYearStartMonthSet, type RecordedEvent } from '@ghg/events';

type Data = (typeof FiscalYearStartMonthSet)['schema']['_output'];

export const fiscalYearProjection: Projection = {
  name: 'settings/fiscalYear',
  tables: ['fiscal_year_settings'],
  handles: [FiscalYearStartMonthSet.type],
  async apply(event: RecordedEvent, ctx) {
    await this.applyBatch!([event], ctx);
  },
  async applyBatch(events, ctx) {
    const { upserts } = lastStatePerKey(
      events,
      (e) => (e.data as Data).companyId,
      (e) => {
        const d = e.data as Data;
        return { company_id: d.companyId, fiscal_year_id: d.fiscalYearId, start_month: d.startMonth, version: e.streamPosition, updated_at: e.metadata.occurredAt };
      },
    );
    await upsertRows(ctx.trx, ctx.table('fiscal_year_settings'), 'company_id', upserts);
    for (const e of events) {
      const d = e.data as Data;
      ctx.notify({ topic: 'settings/fiscalYear', companyId: d.companyId, tenantId: e.metadata.tenantId, ids: [d.fiscalYearId] });
    }
  },
};
