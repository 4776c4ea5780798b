import type { FastifyInstance } from 'fastify';
import { energyReportRoutes } from '@ghg/api';
import { AsOfAheadError, renderEnergyReport, resolveAsOf } from '@ghg/projector';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/** GET /api/reports/energy: the 省エネ法 periodic report as of a moment (docs/energy-report.md). */
export function registerEnergyReportQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, energyReportRoutes.report, async ({ reader, query, refuse }) => {
    let position: bigint;
    try {
      position = await resolveAsOf(knex, reader.selectedCompanyId, query.asOf);
    } catch (error) {
      if (error instanceof AsOfAheadError) throw refuse('as_of_ahead');
      throw error;
    }
    return renderEnergyReport(knex, reader.selectedCompanyId, query.fiscalYear, position);
  });
}
