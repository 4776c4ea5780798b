import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '@ghg/api';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

export function registerAuthUserRoutes(app: FastifyInstance, deps: QueryApiDeps): void {
  registerRoute(app, deps, accountRoutes.authUser, async ({ reader: r }) => {
    return {
      user: {
        id: r.userId,
        email: r.email,
        name: r.name,
        language: r.language,
        selectedCompanyId: r.selectedCompanyId,
        tenantId: r.tenantId,
        role: r.role,
        scope: r.sectionId === null ? ('all' as const) : ('section' as const),
        sectionId: r.sectionId,
        companyIds: r.companyIds,
        allCompanies: r.allCompanies,
      },
    };
  });

  // Public: the login page needs it to decide which languages to offer.
  registerRoute(app, deps, accountRoutes.systemOptions, async () => ({ systemOptions: { individualType: deps.individualType } }));
}
