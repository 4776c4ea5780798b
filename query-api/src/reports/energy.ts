import type { FastifyInstance } from 'fastify';
import { energyReportRoutes } from '@ghg/api';
import { renderEnergyReport } from '@ghg/projector';
import type { QueryApiDeps } from '../core/deps';
import { asOfPosition } from './asOf';
import { registerRoute } from '../core/registerRoute';

/** GET /api/reports/energy: the 省エネ法 periodic report as of a moment (docs/energy-report.md). */
export function registerEnergyReportQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, energyReportRoutes.report, async ({ reader, query }) => {
    const position = await asOfPosition(knex, reader.selectedCompanyId, query.asOf);
    return renderEnergyReport(knex, reader.selectedCompanyId, query.fiscalYear, position);
  });
}
