import type { FastifyInstance } from 'fastify';
import type { CommandApiDeps } from '../core/deps';
import { registerCompanyRoutes } from './companies';
import { registerCompanySectionRoutes } from './companySections';
import { registerUserManagementRoutes } from './users';

/** Companies, sections and users: what an administrator sets up before recording emissions. */
export function registerOrganizationRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerCompanyRoutes(app, deps);
  registerCompanySectionRoutes(app, deps);
  registerUserManagementRoutes(app, deps);
}
