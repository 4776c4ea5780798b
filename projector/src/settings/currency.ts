import { defineProjection, type RecordedOf } from '../core/projection';
import { deleteRows, lastStatePerKey, upsertRows } from '../core/batchUpsert';
import { CurrencyRateAdded, CurrencyRateChanged, CurrencyRateRemoved } from '@ghg/events';

type RateEvent = RecordedOf<typeof CurrencyRateAdded | typeof CurrencyRateChanged | typeof CurrencyRateRemoved>;

const rowOf = (event: RateEvent): Record<string, unknown> | null => {
  if (event.type === CurrencyRateRemoved.type) return null;
  const d = event.data;
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
const idOf = (event: RateEvent) => event.data.id;
const notice = (event: RateEvent) => ({
  topic: 'settings/currency' as const,
  companyId: event.data.companyId,
  tenantId: event.metadata.tenantId,
  ids: [idOf(event)],
});

export const currencyProjection = defineProjection({
  name: 'settings/currency',
  tables: ['currency_rates'],
  handles: [CurrencyRateAdded, CurrencyRateChanged, CurrencyRateRemoved],
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
});
