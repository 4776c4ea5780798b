import type { FastifyInstance } from 'fastify';
import { Refusal, shkReportRoutes } from '@ghg/api';
import { AsOfAheadError, renderShkReport, resolveAsOf } from '@ghg/projector';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/** GET /api/reports/shk: the 温対法 SHK report as of a moment (docs/shk-report.md). */
export function registerShkReportQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, shkReportRoutes.report, async ({ reader, query }) => {
    let position: bigint;
    try {
      position = await resolveAsOf(knex, reader.selectedCompanyId, query.asOf);
    } catch (error) {
      if (error instanceof AsOfAheadError) throw new Refusal('as_of_ahead');
      throw error;
    }
    return renderShkReport(knex, reader.selectedCompanyId, query.fiscalYear, position);
  });
}
