import { defineProjection, type RecordedOf } from '../core/projection';
import { copyRows } from '../core/copyRows';
import { ActivityLineChanged, ActivityLineRecalculated, ActivityLineRecorded, ActivityLineRemoved, figuresByBasis } from '@ghg/events';

type LineEvent = RecordedOf<typeof ActivityLineRecorded | typeof ActivityLineChanged | typeof ActivityLineRecalculated | typeof ActivityLineRemoved>;

const keyOf = (event: LineEvent) => `${event.data.companyId}\u0000${event.data.dealId}`;
const commitOf = (event: LineEvent) => event.globalPosition.commit;

/** The version of the line the event makes (valid_to is filled in by the caller). */
function versionOf(event: LineEvent, validTo: bigint | null): Record<string, unknown> {
  const base = {
    company_id: event.data.companyId,
    deal_id: event.data.dealId,
    valid_from: commitOf(event).toString(),
    valid_to: validTo === null ? null : validTo.toString(),
    event_type: event.type,
    occurred_at: event.metadata.occurredAt,
    actor_user_id: event.metadata.actorUserId,
    correlation_id: event.metadata.correlationId,
  };
  if (event.type === ActivityLineRemoved.type) {
    return { ...base, removed: true, fiscal_year: null, fiscal_month: null, section_id: null, scope_category: null, formula_id: null, co2e_kg: null, co2e_location_kg: null, co2e_market_kg: null, gases: null, gwp_set: null, quantity: null, unit: null, factor_uses: null };
  }
  const d = event.data;
  const c = d.calculation;
  const figures = figuresByBasis(c);
  return {
    ...base,
    removed: false,
    fiscal_year: c.fiscalYear,
    fiscal_month: c.fiscalMonth,
    section_id: d.section,
    scope_category: d.scopeCategory,
    formula_id: c.formulaId,
    co2e_kg: c.co2eKg,
    co2e_location_kg: figures.location?.co2eKg ?? null,
    co2e_market_kg: figures.market?.co2eKg ?? null,
    gases: c.gasesKg,
    gwp_set: c.gwpSet,
    // What the energy report needs: quantity × the heating value the line used.
    quantity: c.quantity,
    unit: c.unit,
    factor_uses: c.factors.map((f) => ({ setId: f.setId, version: f.version, key: f.key, values: f.values })),
  };
}

/**
 * The temporal ledger (migration 0021): a row per version of each line, never updated except to
 * close it (`valid_to`) when the next version comes. Several events of one line in one commit
 * (possible on EventStoreDB) make one version: the last, as a reader at that commit sees it.
 */
export const emissionLedgerHistoryProjection = defineProjection({
  name: 'activity/emissionLedgerHistory',
  tables: ['emission_ledger_history'],
  handles: [ActivityLineRecorded, ActivityLineChanged, ActivityLineRecalculated, ActivityLineRemoved],
  async applyBatch(events, ctx) {
    const table = ctx.table('emission_ledger_history');
    // The batch's versions per line, one per commit, in log order.
    const perLine = new Map<string, LineEvent[]>();
    for (const event of events) {
      const list = perLine.get(keyOf(event)) ?? [];
      if (list.length > 0 && commitOf(list[list.length - 1]!) === commitOf(event)) list[list.length - 1] = event;
      else list.push(event);
      perLine.set(keyOf(event), list);
    }
    // Close the open version of each line the batch continues (a line born in the batch has none).
    const closing = [...perLine.values()].filter((list) => list[0]!.streamPosition !== 0).map((list) => list[0]!);
    for (let i = 0; i < closing.length; i += 500) {
      const chunk = closing.slice(i, i + 500);
      await ctx.trx.raw(
        `update "${table}" h set valid_to = v.valid_to::bigint
           from (values ${chunk.map(() => '(?, ?, ?)').join(', ')}) as v(company_id, deal_id, valid_to)
          where h.company_id = v.company_id and h.deal_id = v.deal_id and h.valid_to is null`,
        chunk.flatMap((e) => [e.data.companyId, e.data.dealId, commitOf(e).toString()]),
      );
    }
    const rows = [...perLine.values()].flatMap((list) => list.map((event, i) => versionOf(event, i + 1 < list.length ? commitOf(list[i + 1]!) : null)));
    await copyRows(ctx.trx, table, rows);
  },
});
