import type { FastifyInstance } from 'fastify';
import type { CommandApiDeps } from '../core/deps';
import { registerBasisRoutes } from './basis';
import { registerCalculateRoute } from './calculate';
import { registerCompanyFactorSetRoutes } from './companyFactorSets';

/** Every calculation route of command-api: basis, preview calculations, company factor sets. */
export function registerCalculationRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerBasisRoutes(app, deps);
  registerCalculateRoute(app, deps);
  registerCompanyFactorSetRoutes(app, deps);
}
