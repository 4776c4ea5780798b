import type { Projection } from '../core/projection';
import { CurrencyRateAdded, CurrencyRateChanged, CurrencyRateRemoved, type RecordedEvent } from '@ghg/events';

type RateData = (typeof CurrencyRateAdded)['schema']['_output'];

export const currencyProjection: Projection = {
  name: 'settings/currency',
  tables: ['currency_rates'],
  handles: [CurrencyRateAdded.type, CurrencyRateChanged.type, CurrencyRateRemoved.type],
  async apply(event: RecordedEvent, ctx) {
    const table = ctx.table('currency_rates');
    const { id, companyId } = event.data as { id: string; companyId: string };
    if (event.type === CurrencyRateRemoved.type) {
      await ctx.trx(table).where({ id }).delete();
    } else {
      const d = event.data as RateData;
      await ctx
        .trx(table)
        .insert({
          id,
          company_id: companyId,
          fiscal_year: d.fiscalYear,
          currency_unit: d.currencyUnit,
          rate: d.rate,
          version: event.streamPosition,
          updated_at: event.metadata.occurredAt,
        })
        .onConflict('id')
        .merge();
    }
    ctx.notify({ topic: 'settings/currency', companyId, tenantId: event.metadata.tenantId, ids: [id] });
  },
};
