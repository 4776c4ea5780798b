import type { FastifyInstance } from 'fastify';
import { fiscalYearRoutes } from '@ghg/api';
import { DEFAULT_START_MONTH, fiscalYearIdOf } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

export function registerFiscalYearQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, fiscalYearRoutes.get, async ({ reader: { selectedCompanyId: companyId } }) => {
    const row = await knex('fiscal_year_settings').where({ company_id: companyId }).first();
    // Never set: the default start month (4), version -1 ("no change yet") for optimistic saves.
    return {
      fiscalYear: row
        ? { fiscalYearId: row.fiscal_year_id, startMonth: row.start_month, version: row.version }
        : { fiscalYearId: fiscalYearIdOf(companyId), startMonth: DEFAULT_START_MONTH, version: -1 },
    };
  });
}
