import type { FastifyInstance } from 'fastify';
import type { QueryApiDeps } from '../core/deps';
import { authenticateReader, requireReader } from '../core/session';

export function registerAuthUserRoutes(app: FastifyInstance, deps: QueryApiDeps): void {
  app.get('/api/auth-user', { preHandler: authenticateReader(deps.db.knex) }, async (request) => {
    const r = requireReader(request, 'account.self');
    return {
      user: {
        id: r.userId,
        email: r.email,
        name: r.name,
        language: r.language,
        selectedCompanyId: r.selectedCompanyId,
        tenantId: r.tenantId,
        role: r.role,
        scope: r.sectionId === null ? 'all' : 'section',
        sectionId: r.sectionId,
        companyIds: r.companyIds,
        allCompanies: r.allCompanies,
      },
    };
  });

  // Public: the login page needs it to decide which languages to offer.
  app.get('/api/system-options', async () => ({ systemOptions: { individualType: deps.individualType } }));
}
