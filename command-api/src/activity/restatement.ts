import { activityLineProblem, activityLinesDecider, activityLineStreamId, foldRecorded, type ActivityLineCommand, type LineBasis } from '@ghg/domain';
import type { LogPosition } from '@ghg/events';
import type { CommandApiDeps } from '../core/deps';
import { executeEntityCommand } from '../core/entityCommand';
import { Refusal } from '../core/httpErrors';
import { metadataFor, type Session } from '../core/session';
import { contextFor, loadCalculationFacts } from '../calculation/context';

export interface Recalculation {
  /** Lines given new results (an ActivityLineRecalculated event each). */
  recalculated: number;
  /** Lines already calculated on the year's current basis. */
  unchanged: number;
  /** Lines the new basis cannot calculate: they keep their results until corrected. */
  refused: { dealId: string; error: string; field: string }[];
}

/**
 * A fiscal year's lines calculated again under its current basis, each as an audited event on its
 * own stream; a line already on that basis is left alone, so running it again (after a failure
 * part-way, or to retry refused lines once corrected) finishes the work without repeating it.
 * The lines are those the ledger lists for the year; the read models are awaited once at the end.
 */
export async function recalculateYear(deps: CommandApiDeps, session: Session, fiscalYear: number): Promise<Recalculation> {
  const companyId = session.selectedCompanyId;
  const result: Recalculation = { recalculated: 0, unchanged: 0, refused: [] };
  const facts = await loadCalculationFacts(deps, companyId, { fiscalYear, withRates: true });
  const stored = facts.basisState.years.get(fiscalYear);
  if (!stored) return result;
  const basis: LineBasis = { fiscalYear, version: stored.version, context: await contextFor(deps, facts, stored, fiscalYear) };
  const dealIds: string[] = await deps.db.knex('emission_ledger').where({ company_id: companyId, fiscal_year: fiscalYear }).orderBy('deal_id').pluck('deal_id');
  const metadata = metadataFor(session, companyId, deps.now?.() ?? new Date());
  let last: LogPosition | null = null;
  for (const dealId of dealIds) {
    const streamId = activityLineStreamId(companyId, dealId);
    const command: ActivityLineCommand = { type: 'RecalculateActivityLine', companyId, dealId, startMonth: facts.startMonth, basis };
    try {
      const outcome = await executeEntityCommand(deps, streamId, { decider: activityLinesDecider }, command, metadata);
      if (outcome.append) {
        result.recalculated++;
        last = outcome.append.lastPosition;
      } else result.unchanged++;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      // Rare: read again for the field the refusal is about.
      const problem = activityLineProblem(command, foldRecorded(activityLinesDecider, await deps.eventStore.readStream(streamId)));
      result.refused.push({ dealId, error: error.code, field: problem?.field ?? 'deal.id' });
    }
  }
  if (last) await deps.awaitProjection?.(last);
  return result;
}
