import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { baseYearRoutes } from '@ghg/api';
import { baseYearDecider, baseYearFiguresOf, baseYearStreamId, DEFAULT_SIGNIFICANCE_PERCENT } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { loadState, runCompanyCommand } from '../core/companyCommand';
import { registerRoute } from '../core/registerRoute';
import { renderShown } from './renderShown';
import { baseYearRecords } from '@ghg/projector';

/** The company's latest base-year record as answered (the command waited for the projector). */
async function latestRecord(knex: Knex, companyId: string) {
  const latest = (await baseYearRecords(knex, companyId)).at(-1);
  if (!latest) throw new Error(`base year of ${companyId}: no record after the command`);
  const { baseYear: _y, thresholdPercent: _t, ...record } = latest;
  return record;
}

/**
 * Setting the base year and recalculating it (docs/api.md, "Base year"): the base year's
 * inventory the caller was shown (position and hash) is rendered again from the temporal ledger,
 * then recorded; a restatement also names its reason and a note.
 */
export function registerBaseYearRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, baseYearRoutes.set, async ({ session, body }) => {
    const companyId = session.selectedCompanyId;
    const { content, sha256 } = await renderShown(knex, companyId, body.baseYear, body);
    await runCompanyCommand(deps, session, baseYearStreamId(companyId), baseYearDecider, {
      type: 'SetBaseYear',
      companyId,
      baseYear: body.baseYear,
      thresholdPercent: body.thresholdPercent ?? DEFAULT_SIGNIFICANCE_PERCENT,
      position: body.position,
      sha256,
      figures: baseYearFiguresOf(content),
    });
    return { record: await latestRecord(knex, companyId) };
  });

  registerRoute(app, deps, baseYearRoutes.restate, async ({ session, body, refuse }) => {
    const companyId = session.selectedCompanyId;
    const state = await loadState(deps, baseYearStreamId(companyId), baseYearDecider);
    if (state.baseYear === null) throw refuse('base_year_not_set');
    const { content, sha256 } = await renderShown(knex, companyId, state.baseYear, body);
    await runCompanyCommand(deps, session, baseYearStreamId(companyId), baseYearDecider, {
      type: 'RestateBaseYear',
      companyId,
      position: body.position,
      sha256,
      figures: baseYearFiguresOf(content),
      reason: body.reason,
      note: body.note,
    });
    return { record: await latestRecord(knex, companyId) };
  });
}
