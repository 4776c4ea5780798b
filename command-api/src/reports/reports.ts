import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { reportRoutes } from '@ghg/api';
import { reportDecider, reportStreamId } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { runCompanyCommand } from '../core/companyCommand';
import { registerRoute } from '../core/registerRoute';
import { renderShown } from './renderShown';

/**
 * Filing a report (docs/api.md, "Reports"): the caller names the draft it reviewed by its position
 * and hash; the report is rendered again from the temporal ledger at that position, and filed only
 * if it hashes the same, so what is filed is exactly what was shown and what the log reproduces.
 */
export function registerReportRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, reportRoutes.file, async ({ session, body }) => {
    const companyId = session.selectedCompanyId;
    const { content, sha256 } = await renderShown(knex, companyId, body.fiscalYear, body);
    const reportId = randomUUID();
    const totals = { scope1Kg: content.scope1Kg, scope2LocationKg: content.scope2LocationKg, scope2MarketKg: content.scope2MarketKg, scope3Kg: content.scope3Kg, lines: content.lines };
    const note = body.note ?? '';
    await runCompanyCommand(deps, session, reportStreamId(reportId), reportDecider, {
      type: 'FileReport',
      reportId,
      companyId,
      fiscalYear: body.fiscalYear,
      regime: body.regime,
      position: body.position,
      sha256,
      totals,
      note,
    });
    const user: { name: string } | undefined = await knex('users').where({ id: session.userId }).first('name');
    // The projector has caught up (runCompanyCommand waits for it): the time filed is the event's.
    const row: { filed_at: Date | string } | undefined = await knex('filed_reports').where({ report_id: reportId }).first('filed_at');
    return {
      report: {
        reportId,
        regime: body.regime,
        fiscalYear: body.fiscalYear,
        position: body.position,
        sha256,
        filedAt: new Date(row?.filed_at ?? Date.now()).toISOString(),
        filedBy: session.userId,
        filedByName: user?.name ?? null,
        note,
        scope1Kg: totals.scope1Kg,
        scope2LocationKg: totals.scope2LocationKg,
        scope2MarketKg: totals.scope2MarketKg,
        scope3Kg: totals.scope3Kg,
      },
    };
  });
}
