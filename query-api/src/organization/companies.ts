import type { FastifyInstance } from 'fastify';
import type { QueryApiDeps } from '../core/deps';
import { authenticateReader, requireReader } from '../core/session';

export function registerCompanyRoutes(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  app.get('/api/companies', { preHandler: authenticateReader(knex) }, async (request) => {
    const r = requireReader(request, 'company.read');
    const all = await knex('companies').where({ tenant_id: r.tenantId }).orderBy('name').select('id', 'name', 'region');
    const companies = all.filter((c) => r.companyIds.includes(c.id));
    return { companies, isAllCompany: companies.length === all.length };
  });
}
