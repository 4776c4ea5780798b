import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { reportRoutes } from '@ghg/api';
import { headlineFigures, headlineOf, reportDecider, reportStreamId } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { runCompanyCommand } from '../core/companyCommand';
import { registerRoute } from '../core/registerRoute';
import { renderShownReport } from './renderShown';

/**
 * Filing a report of any regime (docs/api.md, "Reports"): the caller names the regime and the
 * draft it reviewed by its position and hash; the regime's report is rendered again from the read
 * models at that position (projector's `reportRenderers`), and filed only if it hashes the same, so
 * what is filed is exactly what was shown and what the log reproduces. The filing records the
 * regime's headline figures (domain's `reportRegimeRules`).
 */
export function registerReportRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, reportRoutes.file, async ({ session, body }) => {
    const companyId = session.selectedCompanyId;
    const { content, sha256 } = await renderShownReport(knex, body.regime, companyId, body.fiscalYear, body);
    const headline = headlineOf(content);
    const reportId = randomUUID();
    const note = body.note ?? '';
    await runCompanyCommand(deps, session, reportStreamId(reportId), reportDecider, {
      type: 'FileReport',
      reportId,
      companyId,
      fiscalYear: body.fiscalYear,
      regime: body.regime,
      position: body.position,
      sha256,
      headline,
      note,
    });
    const user: { name: string } | undefined = await knex('users').where({ id: session.userId }).first('name');
    // The projector has caught up (runCompanyCommand waits for it): the time filed is the event's.
    const row: { filed_at: Date | string } | undefined = await knex('filed_reports').where({ report_id: reportId }).first('filed_at');
    const ghg = content.regime === 'ghgProtocol' ? content : null;
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
        figures: headlineFigures(body.regime, headline.figures),
        scope1Kg: ghg?.scope1Kg ?? null,
        scope2LocationKg: ghg?.scope2LocationKg ?? null,
        scope2MarketKg: ghg?.scope2MarketKg ?? null,
        scope3Kg: ghg?.scope3Kg ?? null,
      },
    };
  });
}
