import type { Knex } from 'knex';
import { activityLinesDecider, activityLineStreamId, foldRecorded, kgText, microOfNumber, sectionsWithin } from '@ghg/domain';
import { sectionRowsAsOf } from '@ghg/projector';
import type { CommandApiDeps } from '../core/deps';
import { lineView, type LedgerLine } from './activityLine';

/** A figure at the ledger's scale: its numeric(24, 6) columns round the event's double half away from zero, as `microOfNumber` does. */
const atLedgerScale = (kg: number): number => Number(kgText(microOfNumber(kg)));
const orNull = <T, R>(value: T | null, f: (v: T) => R): R | null => (value === null ? null : f(value));

/**
 * The company's lines of one fiscal year and category as they stood at a log position (issue 16
 * §1, §5: from a total as of a moment down to its lines), in the shape the input tables list them.
 * The temporal ledger names the lines valid at the position (`emission_ledger_history`); each one's
 * own stream, folded up to the position, gives the line as it was then, with the results its event
 * stored (the ledger read model keeps only the present). Sections are read as of the position too.
 */
export async function ledgerLinesAsOf(
  deps: CommandApiDeps,
  args: { companyId: string; fiscalYear: number; category: string; sectionId: string | null; position: bigint },
): Promise<LedgerLine[]> {
  const { knex } = deps.db;
  const { companyId, position } = args;
  const sections = await sectionRowsAsOf(knex, companyId, position);
  const within = args.sectionId === null ? null : new Set(sectionsWithin(sections.map((s) => ({ id: s.id, parentSectionId: s.parent_section_id })), args.sectionId) ?? []);
  const dealIds: string[] = await knex('emission_ledger_history')
    .where({ company_id: companyId, fiscal_year: args.fiscalYear, scope_category: args.category, removed: false })
    .andWhere('valid_from', '<=', position.toString())
    .andWhere((q: Knex.QueryBuilder) => q.whereNull('valid_to').orWhere('valid_to', '>', position.toString()))
    .modify((q: Knex.QueryBuilder) => (within === null ? q : q.whereIn('section_id', [...within])))
    .orderBy('deal_id')
    .pluck('deal_id');
  const streams = await deps.eventStore.readStreams(dealIds.map((dealId) => activityLineStreamId(companyId, dealId)));
  const nameOf = new Map(sections.map((s) => [s.id, s.name]));
  const lines: LedgerLine[] = [];
  for (const dealId of dealIds) {
    const history = (streams.get(activityLineStreamId(companyId, dealId)) ?? []).filter((e) => e.globalPosition.commit <= position);
    const line = foldRecorded(activityLinesDecider, history).line;
    if (!line) continue;
    const view = lineView(line, history.at(-1)?.metadata.occurredAt ?? '');
    // The ledger's columns hold the figures at six decimals (its scope-2 figure on the line's own
    // basis from that column, the other basis as the event gave it): the same here, so a line reads
    // the same as of now as from the ledger.
    const scope2 = view.scope2 === null || view.basis === null ? view.scope2 : { ...view.scope2, [view.basis]: orNull(view.scope2[view.basis], (f) => ({ ...f, co2eKg: atLedgerScale(f.co2eKg) })) };
    lines.push({
      dealId: view.dealId,
      deal: view.deal,
      scopeSettingId: view.scopeSettingId,
      scopeCategory: view.scopeSetting.scopeCategory,
      formulaId: view.scopeSetting.formulaId,
      section: view.scopeSetting.section,
      sectionName: nameOf.get(view.scopeSetting.section) ?? null,
      occurrenceDate: view.deal.occurrenceDate,
      scopeSettingDetail: view.scopeSettingDetail,
      fiscalYear: view.fiscalYear,
      fiscalMonth: view.fiscalMonth,
      quantity: orNull(view.quantity, atLedgerScale),
      unit: view.unit,
      gasesKg: view.gasesKg,
      co2eKg: atLedgerScale(view.co2eKg),
      co2eLocationKg: orNull(view.co2eLocationKg, atLedgerScale),
      co2eMarketKg: orNull(view.co2eMarketKg, atLedgerScale),
      basis: view.basis,
      scope2,
      factors: view.factors,
      gwpSet: view.gwpSet,
      source: view.source,
      origin: view.origin,
      version: view.version,
      updatedAt: view.updatedAt,
    });
  }
  // As the input tables order them: by date, then deal.
  return lines.sort((a, b) => (a.occurrenceDate < b.occurrenceDate ? -1 : a.occurrenceDate > b.occurrenceDate ? 1 : a.dealId < b.dealId ? -1 : a.dealId > b.dealId ? 1 : 0));
}
