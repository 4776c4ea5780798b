import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { reductionGoalRoutes } from '@ghg/api';
import {
  decideSaveReductionGoals,
  newIdsNeeded,
  reductionGoalsDecider,
  reductionGoalsStreamId,
  scopeCategoryName,
  SCOPE_CATEGORIES,
  type ReductionGoal,
  type ReductionGoalCommand,
} from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { Refusal } from '../core/httpErrors';
import { loadState, runCompanyCommand } from '../core/companyCommand';
import { registerRoute } from '../core/registerRoute';

const categoryOrder = (c: string) => (SCOPE_CATEGORIES as readonly string[]).indexOf(c);

export const reductionGoalView = (goal: ReductionGoal) => ({
  id: goal.id,
  scopeCategory: goal.scopeCategory,
  name: scopeCategoryName(goal.scopeCategory),
  goalYear: goal.goalYear,
  goalEmission: goal.goalEmission,
  targetYear: goal.targetYear,
  targetEmission: goal.targetEmission,
  goalEmissionPercentage: goal.goalEmissionPercentage,
  version: goal.version,
  isDefault: false,
});

export function registerReductionGoalRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(app, deps, reductionGoalRoutes.save, async ({ session, body: { reductionGoals } }) => {
    const companyId = session.selectedCompanyId;
    const rows = reductionGoals.map(({ expectedVersion, ...goal }, index) => ({
      index,
      goal: {
        ...goal,
        // A version only guards an existing goal; the -1 a blank default carries means nothing here.
        ...(goal.id !== undefined && expectedVersion !== undefined ? { expectedVersion } : {}),
      },
    }));
    // One stream per goal year (a year's goals are one aggregate): the rows of each year are
    // saved together, all or nothing within the year, years one after the other.
    const saved: ReductionGoal[] = [];
    for (const year of [...new Set(rows.map((r) => r.goal.goalYear))]) {
      const ofYear = rows.filter((r) => r.goal.goalYear === year);
      const goals = ofYear.map((r) => r.goal);
      const command: ReductionGoalCommand = {
        type: 'SaveReductionGoals',
        companyId,
        goals,
        newIds: Array.from({ length: newIdsNeeded(goals) }, () => randomUUID()),
      };
      const streamId = reductionGoalsStreamId(companyId, year);
      try {
        const { state } = await runCompanyCommand(deps, session, streamId, reductionGoalsDecider, command);
        saved.push(...[...state.goals.values()].filter((g) => g.goalYear === year));
      } catch (error) {
        throw await nameRefusedRow(deps, streamId, command, ofYear.map((r) => r.index), error);
      }
    }
    saved.sort((a, b) => a.goalYear - b.goalYear || categoryOrder(a.scopeCategory) - categoryOrder(b.scopeCategory));
    return { reductionGoals: saved.map(reductionGoalView) };
  });

  registerRoute(app, deps, reductionGoalRoutes.remove, async ({ session, params: { id }, body: { expectedVersion }, refuse }) => {
    const companyId = session.selectedCompanyId;
    // The goal's year names its stream; the read model knows it (and the caller's own writes are in it).
    const row = await deps.db.knex('reduction_goals').where({ id, company_id: companyId }).first('goal_year');
    if (!row) throw refuse('reduction_goal_not_found');
    const streamId = reductionGoalsStreamId(companyId, Number(row.goal_year));
    const before = (await loadState(deps, streamId, reductionGoalsDecider)).goals.get(id);
    await runCompanyCommand(deps, session, streamId, reductionGoalsDecider, {
      type: 'RemoveReductionGoal',
      companyId,
      id,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { reductionGoal: before ? reductionGoalView(before) : null };
  });
}

/** A refused save names the row of the request that broke the rule (`fields: ['reductionGoals.3']`). */
async function nameRefusedRow(deps: CommandApiDeps, streamId: string, command: ReductionGoalCommand, requestIndex: readonly number[], error: unknown): Promise<unknown> {
  if (!(error instanceof Refusal) || command.type !== 'SaveReductionGoals') return error;
  const decision = decideSaveReductionGoals(command, await loadState(deps, streamId, reductionGoalsDecider));
  if (decision.ok || decision.error !== error.code) return error;
  const fields = [`reductionGoals.${requestIndex[decision.index]}`];
  return new Refusal(error.code, { fields, message: error.message });
}
