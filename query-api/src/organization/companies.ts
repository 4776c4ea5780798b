import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { companyRoutes } from '@ghg/api';
import { DEFAULT_CONSOLIDATION_APPROACH, regions, type ConsolidationApproach } from '@ghg/events';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/** The approach the group chose to consolidate by (read model `tenants`), and that choice's version; never chosen: operational, -1. */
export async function groupConsolidation(knex: Knex, tenantId: string): Promise<{ consolidationApproach: ConsolidationApproach; consolidationApproachVersion: number }> {
  const row: { consolidation_approach: ConsolidationApproach; consolidation_approach_version: number } | undefined = await knex('tenants')
    .where({ id: tenantId })
    .first('consolidation_approach', 'consolidation_approach_version');
  return { consolidationApproach: row?.consolidation_approach ?? DEFAULT_CONSOLIDATION_APPROACH, consolidationApproachVersion: row?.consolidation_approach_version ?? -1 };
}

export function registerCompanyQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, companyRoutes.list, async ({ reader: r }) => {
    const all = await knex('companies')
      .where({ tenant_id: r.tenantId })
      .orderBy('name')
      .select('id', 'name', 'region', 'equity_share_percent', 'control_approach', 'version');
    const companies = all
      .filter((c) => r.companyIds.includes(c.id))
      .map((c) => ({
        id: c.id,
        name: c.name,
        region: c.region,
        equitySharePercent: Number(c.equity_share_percent),
        controlApproach: c.control_approach,
        version: c.version,
      }));
    return { companies, isAllCompany: companies.length === all.length, ...(await groupConsolidation(knex, r.tenantId)) };
  });

  registerRoute(app, deps, companyRoutes.regions, async () => {
    return { regions };
  });
}
