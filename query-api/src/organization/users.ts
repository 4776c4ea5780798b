import type { FastifyInstance } from 'fastify';
import type { QueryApiDeps } from '../core/deps';
import { authenticateReader, requireReader } from '../core/session';

/** Users who hold a role in the administrator's selected company (group administrators included). */
export function registerUserQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  app.get('/api/users', { preHandler: authenticateReader(knex) }, async (request) => {
    const reader = requireReader(request, 'users.manage');
    const rows = await knex('users').where({ tenant_id: reader.tenantId }).orderBy('email');
    const users = rows
      .map((r) => ({ ...r, company_ids: typeof r.company_ids === 'string' ? JSON.parse(r.company_ids) : r.company_ids }))
      .filter((r) => r.all_companies || r.company_ids.includes(reader.selectedCompanyId))
      .map((r) => ({
        id: r.id,
        email: r.email,
        name: r.name,
        role: r.role,
        sectionId: r.section_id,
        companyIds: r.company_ids,
        allCompanies: Boolean(r.all_companies),
        active: Boolean(r.active),
        language: r.language,
        version: r.version,
      }));
    return { users };
  });
}
