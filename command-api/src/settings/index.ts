import type { FastifyInstance } from 'fastify';
import type { CommandApiDeps } from '../core/deps';
import { registerFiscalYearRoutes } from './fiscalYear';
import { registerCurrencyRoutes } from './currency';

/** Every settings command route. */
export function registerSettingsRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerFiscalYearRoutes(app, deps);
  registerCurrencyRoutes(app, deps);
}
