import type { FastifyInstance } from 'fastify';
import { companyRoutes } from '@ghg/api';
import { regions } from '@ghg/events';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

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
    return { companies, isAllCompany: companies.length === all.length };
  });

  registerRoute(app, deps, companyRoutes.regions, async () => {
    return { regions };
  });
}
