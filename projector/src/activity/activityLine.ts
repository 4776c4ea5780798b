import { defineProjection, type RecordedOf } from '../core/projection';
import { lastStatePerKey } from '../core/batchUpsert';
import { writeLastStates } from '../core/writeLastStates';
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
  tables: ['emission_ledger'],
  handles: [ActivityLineRecorded, ActivityLineChanged, ActivityLineRecalculated, ActivityLineRemoved],
  async applyBatch(events, ctx) {
    const table = ctx.table('emission_ledger');
    // During a rebuild new lines are appended with COPY rather than upserted (writeLastStates).
    // A line whose first event (position 0 of its stream) is in the batch is new to the ledger.
    const born = new Set(events.filter((e) => e.streamPosition === 0).map(keyOf));
    await writeLastStates(ctx, table, KEY, lastStatePerKey(events, keyOf, rowOf), (k) => k.split('\u0000'), born);
    // One notice per company for the batch (an import's lines come by the thousand).
    notifyPerCompany(ctx, 'activity/lines', events, (e) => e.data.dealId);
  },
});
