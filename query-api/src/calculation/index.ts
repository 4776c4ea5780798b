import type { FastifyInstance } from 'fastify';
import type { QueryApiDeps } from '../core/deps';
import { registerCalculationBasisQueries } from './calculationBasis';
import { registerCatalogueQueries } from './catalogue';
import { registerCompanyFactorSetQueries } from './companyFactorSets';
import { registerFactorLibraryQueries } from './factorLibrary';

/** Every calculation read route: basis, factor library, GWP sets, formulas, company factor sets. */
export function registerCalculationQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  registerCalculationBasisQueries(app, deps);
  registerFactorLibraryQueries(app, deps);
  registerCatalogueQueries(app, deps);
  registerCompanyFactorSetQueries(app, deps);
}
