import type { FastifyInstance } from 'fastify';
import { mayManageUser } from '@ghg/domain';
import { userRoutes } from '@ghg/api';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/**
 * Users who hold a role in the administrator's selected company (group administrators included).
 * Each row says whether the caller may manage that user (the same rule the commands apply), and
 * lists only the companies the caller holds: another company's id is none of their business, and
 * a user who also belongs to one is not theirs to manage anyway.
 */
export function registerUserQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, userRoutes.list, async ({ reader }) => {
    const rows = await knex('users').where({ tenant_id: reader.tenantId }).orderBy('email');
    const users = rows
      .map((r) => ({ ...r, company_ids: (typeof r.company_ids === 'string' ? JSON.parse(r.company_ids) : r.company_ids) as string[] }))
      .filter((r) => r.all_companies || r.company_ids.includes(reader.selectedCompanyId))
      .map((r) => {
        const access = { role: r.role, companyIds: r.company_ids, allCompanies: Boolean(r.all_companies), sectionId: r.section_id };
        return {
          id: r.id,
          email: r.email,
          name: r.name,
          role: r.role,
          sectionId: r.section_id,
          companyIds: r.company_ids.filter((c: string) => reader.companyIds.includes(c)),
          allCompanies: access.allCompanies,
          active: Boolean(r.active),
          language: r.language,
          version: r.version,
          manageable: r.id !== reader.userId && mayManageUser(reader, access),
        };
      });
    return { users };
  });
}
