import type { FastifyInstance } from 'fastify';
import type { QueryApiDeps } from '../core/deps';
import { registerFiscalYearQueries } from './fiscalYear';
import { registerCurrencyQueries } from './currency';

/** Every settings read route. */
export function registerSettingsQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  registerFiscalYearQueries(app, deps);
  registerCurrencyQueries(app, deps);
}
