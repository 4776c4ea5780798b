import type { FastifyInstance } from 'fastify';
import { regions } from '@ghg/events';
import type { QueryApiDeps } from '../core/deps';
import { authenticateReader, requireReader } from '../core/session';

export function registerCompanyQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  app.get('/api/companies', { preHandler: authenticateReader(knex) }, async (request) => {
    const r = requireReader(request, 'company.read');
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

  app.get('/api/regions', { preHandler: authenticateReader(knex) }, async (request) => {
    requireReader(request, 'company.read');
    return { regions };
  });
}
