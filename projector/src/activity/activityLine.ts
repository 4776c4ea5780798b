import { defineProjection, type RecordedOf } from '../core/projection';
import { lastStatePerKey } from '../core/batchUpsert';
import { writeLastStates } from '../core/writeLastStates';
import { addLinesToTotals, dropEmptyTotals, totalAll } from './emissionTotals';
import { notifyPerCompany } from '../core/notices';
import { ActivityLineChanged, ActivityLineRecalculated, ActivityLineRecorded, ActivityLineRemoved, figuresByBasis } from '@ghg/events';

type LineEvent = RecordedOf<typeof ActivityLineRecorded | typeof ActivityLineChanged | typeof ActivityLineRecalculated | typeof ActivityLineRemoved>;

const KEY = ['company_id', 'deal_id'] as const;
/** One line's key as text (NUL cannot occur in a bounded id). */
const keyOf = (event: LineEvent) => `${event.data.companyId}\u0000${event.data.dealId}`;

/** The line's row as its event carries it (null: removed); nothing is recalculated here. */
const rowOf = (event: LineEvent): Record<string, unknown> | null => {
  if (event.type === ActivityLineRemoved.type) return null;
  const d = event.data;
  const c = d.calculation;
  const figures = figuresByBasis(c);
  return {
    company_id: d.companyId,
    deal_id: d.dealId,
    section_id: d.section,
    scope_setting_id: d.scopeSettingId,
    deal: d.deal,
    fiscal_year: c.fiscalYear,
    fiscal_month: c.fiscalMonth,
    occurrence_date: d.deal.occurrenceDate,
    scope_category: d.scopeCategory,
    formula_id: c.formulaId,
    quantity: c.quantity,
    unit: c.unit,
    gases: c.gasesKg,
    co2e_kg: c.co2eKg,
    basis: c.basis,
    co2e_location_kg: figures.location?.co2eKg ?? null,
    co2e_market_kg: figures.market?.co2eKg ?? null,
    other_basis: c.otherBasis ?? null,
    scope_setting_detail: d.scopeSettingDetail,
    factor_versions: c.factors,
    gwp_set: c.gwpSet.id,
    source: d.source,
    // An imported line names its import (indexed) and where it came from; a manual line neither.
    import_id: d.origin?.importId ?? null,
    origin: d.origin ?? null,
    version: event.streamPosition,
    updated_at: event.metadata.occurredAt,
  };
};

/**
 * The emissions ledger: each line's results as its event carries them. A batch writes the last
 * state of each line it touches in a few multi-row statements (a rebuild replays many lines per
 * batch), ending where applying the events one by one would.
 */
export const emissionLedgerProjection = defineProjection({
  name: 'activity/emissionLedger',
  tables: ['emission_ledger', 'emission_totals'],
  handles: [ActivityLineRecorded, ActivityLineChanged, ActivityLineRecalculated, ActivityLineRemoved],
  async applyBatch(events, ctx) {
    const tables = { ledger: ctx.table('emission_ledger'), totals: ctx.table('emission_totals') };
    const states = lastStatePerKey(events, keyOf, rowOf);
    // A line whose first event (position 0 of its stream) is in the batch is new to the ledger;
    // during a rebuild new lines are appended with COPY rather than upserted (writeLastStates).
    const born = new Set(events.filter((e) => e.streamPosition === 0).map(keyOf));
    const split = (k: string) => k.split('\u0000') as [string, string];
    // Live, the totals follow the ledger: out with the rows the batch replaces or removes, in
    // with the rows it writes. A rebuild totals its copy of the ledger once, at the end.
    if (!ctx.rebuild) await addLinesToTotals(ctx.trx, tables, [...states.upsertKeys, ...states.deletes].filter((k) => !born.has(k)).map(split), -1);
    await writeLastStates(ctx, tables.ledger, KEY, states, split, born);
    if (!ctx.rebuild) {
      await addLinesToTotals(ctx.trx, tables, states.upsertKeys.map(split), 1);
      await dropEmptyTotals(ctx.trx, tables.totals, [...new Set(events.map((e) => e.data.companyId))]);
    }
    // One notice per company for the batch (an import's lines come by the thousand).
    notifyPerCompany(ctx, 'activity/lines', events, (e) => e.data.dealId);
  },
  async finishRebuild(ctx) {
    await totalAll(ctx.trx, { ledger: ctx.table('emission_ledger'), totals: ctx.table('emission_totals') });
  },
});
