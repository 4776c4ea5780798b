import type { Projection } from '../core/projection';
import { deleteRows, lastStatePerKey, upsertRows } from '../core/batchUpsert';
import { CurrencyRateAdded, CurrencyRateChanged, CurrencyRateRemoved, type RecordedEvent } from '@ghg/events';

type RateData = (typeof CurrencyRateAdded)['schema']['_output'];

const rowOf = (event: RecordedEvent): Record<string, unknown> | null => {
  if (event.type === CurrencyRateRemoved.type) return null;
  const d = event.data as RateData;
  return {
    id: d.id,
    company_id: d.companyId,
    fiscal_year: d.fiscalYear,
    currency_unit: d.currencyUnit,
    rate: d.rate,
    version: event.streamPosition,
    updated_at: event.metadata.occurredAt,
  };
};
const idOf = (event: RecordedEvent) => (event.data as { id: string }).id;
const notice = (event: RecordedEvent) => ({
  topic: 'settings/currency',
  companyId: (event.data as { companyId: string }).companyId,
  tenantId: event.metadata.tenantId,
  ids: [idOf(event)],
});

export const currencyProjection: Projection = {
  name: 'settings/currency',
  tables: ['currency_rates'],
  handles: [CurrencyRateAdded.type, CurrencyRateChanged.type, CurrencyRateRemoved.type],
  async apply(event: RecordedEvent, ctx) {
    await this.applyBatch!([event], ctx);
  },
  // Rates are the busiest setting (every fiscal year, every currency): one write per rate per batch.
  async applyBatch(events, ctx) {
    const table = ctx.table('currency_rates');
    const { upserts, deletes } = lastStatePerKey(events, idOf, rowOf);
    // A rate removed and re-added under another id in one batch: delete first, so the unique
    // (company, year, currency) key is free for the new row.
    await deleteRows(ctx.trx, table, 'id', deletes);
    await upsertRows(ctx.trx, table, 'id', upserts);
    for (const e of events) ctx.notify(notice(e));
  },
};
