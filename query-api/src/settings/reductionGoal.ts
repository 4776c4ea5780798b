import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ScopeCategory } from '@ghg/events';
import { defaultReductionGoals, scopeCategoryName, SCOPE_CATEGORIES } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { authenticateReader, QueryError, requireReader } from '../core/session';
import { queryYear } from '../core/queryArgs';

const ListQuery = z.object({ goalYear: queryYear().optional() });

const categoryOrder = (c: string) => (SCOPE_CATEGORIES as readonly string[]).indexOf(c);

const toGoal = (row: Record<string, unknown>) => ({
  id: row.id as string,
  scopeCategory: row.scope_category as string,
  name: scopeCategoryName(row.scope_category as ScopeCategory),
  goalYear: row.goal_year as number,
  goalEmission: Number(row.goal_emission),
  targetYear: row.target_year as number,
  targetEmission: Number(row.target_emission),
  goalEmissionPercentage: Number(row.goal_emission_percentage),
  version: row.version as number,
  isDefault: false,
});

export function registerReductionGoalQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  app.get('/api/reduction-goal', { preHandler: authenticateReader(knex) }, async (request) => {
    const { selectedCompanyId } = requireReader(request, 'company.read');
    const query = ListQuery.safeParse(request.query);
    if (!query.success) throw new QueryError(400, 'invalid_args', 'invalid args');
    const { goalYear } = query.data;
    const rows: Record<string, unknown>[] = await knex('reduction_goals')
      .where({ company_id: selectedCompanyId })
      .modify((q) => (goalYear === undefined ? q : q.where({ goal_year: goalYear })));
    const goals = rows.map(toGoal).sort((a, b) => b.goalYear - a.goalYear || categoryOrder(a.scopeCategory) - categoryOrder(b.scopeCategory));
    // A year without goals shows its blank default set; the first save of the year stores it (GETs never write).
    if (goalYear !== undefined && goals.length === 0) {
      return { reductionGoals: defaultReductionGoals(goalYear).map((d) => ({ id: null, ...d, version: -1, isDefault: true })) };
    }
    return { reductionGoals: goals };
  });
}
