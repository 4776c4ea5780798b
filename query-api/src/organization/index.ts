import type { FastifyInstance } from 'fastify';
import type { QueryApiDeps } from '../core/deps';
import { registerCompanyQueries } from './companies';
import { registerCompanySectionQueries } from './companySections';
import { registerUserQueries } from './users';

export function registerOrganizationQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  registerCompanyQueries(app, deps);
  registerCompanySectionQueries(app, deps);
  registerUserQueries(app, deps);
}
