import type { FastifyInstance } from 'fastify';
import { reductionGoalRoutes } from '@ghg/api';
import type { ScopeCategory } from '@ghg/events';
import { defaultReductionGoals, scopeCategoryName, SCOPE_CATEGORIES } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { asOfPosition } from '../reports/asOf';
import { reductionGoalRowsAsOf } from '@ghg/projector';

interface GoalRow {
  id: string;
  scope_category: ScopeCategory;
  goal_year: number;
  goal_emission: string | number;
  target_year: number;
  target_emission: string | number;
  goal_emission_percentage: string | number;
  version: number;
}

const categoryOrder = (c: string) => (SCOPE_CATEGORIES as readonly string[]).indexOf(c);

const toGoal = (row: GoalRow) => ({
  id: row.id,
  scopeCategory: row.scope_category,
  name: scopeCategoryName(row.scope_category),
  goalYear: row.goal_year,
  goalEmission: Number(row.goal_emission),
  targetYear: row.target_year,
  targetEmission: Number(row.target_emission),
  goalEmissionPercentage: Number(row.goal_emission_percentage),
  version: row.version,
  isDefault: false,
});

export function registerReductionGoalQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, reductionGoalRoutes.list, async ({ reader: { selectedCompanyId }, query: { goalYear, asOf } }) => {
    const rows: GoalRow[] =
      asOf === undefined
        ? await knex('reduction_goals')
            .where({ company_id: selectedCompanyId })
            .modify((q) => (goalYear === undefined ? q : q.where({ goal_year: goalYear })))
        : (await reductionGoalRowsAsOf(knex, selectedCompanyId, await asOfPosition(knex, selectedCompanyId, asOf))).filter((r) => goalYear === undefined || r.goal_year === goalYear);
    const goals = rows.map(toGoal).sort((a, b) => b.goalYear - a.goalYear || categoryOrder(a.scopeCategory) - categoryOrder(b.scopeCategory));
    // A year without goals shows its blank default set; the first save of the year stores it (GETs never write).
    if (goalYear !== undefined && goals.length === 0) {
      return { reductionGoals: defaultReductionGoals(goalYear).map((d) => ({ id: null, ...d, version: -1, isDefault: true })) };
    }
    return { reductionGoals: goals };
  });
}
