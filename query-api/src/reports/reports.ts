import type { FastifyInstance } from 'fastify';
import { reportRoutes } from '@ghg/api';
import { diffCategories } from '@ghg/domain';
import { filedReport, filedReports, renderInventory, renderSupplement, resolveAsOf, type FiledReportRecord } from '@ghg/projector';
import type { QueryApiDeps } from '../core/deps';
import { asOfPosition } from './asOf';
import { changedLines } from './changedLines';
import { registerRoute } from '../core/registerRoute';

/** A filed report as the API answers it (the record without its line count). */
const answerOf = ({ lines: _lines, ...report }: FiledReportRecord) => report;

export function registerReportQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;

  registerRoute(app, deps, reportRoutes.list, async ({ reader, query }) => {
    return { reports: (await filedReports(knex, reader.selectedCompanyId, query.fiscalYear)).map(answerOf) };
  });

  registerRoute(app, deps, reportRoutes.draft, async ({ reader, query }) => {
    const position = await asOfPosition(knex, reader.selectedCompanyId, query.asOf);
    const { content, sha256 } = await renderInventory(knex, reader.selectedCompanyId, query.fiscalYear, position);
    return { content, sha256 };
  });

  registerRoute(app, deps, reportRoutes.detail, async ({ reader, params, refuse }) => {
    const companyId = reader.selectedCompanyId;
    const record = await filedReport(knex, companyId, params.id);
    if (!record) throw refuse('report_not_found');
    const report = answerOf(record);
    const filedAt = BigInt(report.position);
    const nowAt = await resolveAsOf(knex, companyId, undefined);
    const asFiled = await renderInventory(knex, companyId, report.fiscalYear, filedAt);
    const now = await renderInventory(knex, companyId, report.fiscalYear, nowAt);
    const [changed, supplement] = await Promise.all([
      changedLines(knex, companyId, report.fiscalYear, { lines: asFiled.lines, at: filedAt }, { lines: now.lines, at: nowAt }),
      renderSupplement(knex, companyId, asFiled.content),
    ]);
    return {
      report,
      asFiled: { content: asFiled.content, sha256: asFiled.sha256, reproduced: asFiled.sha256 === report.sha256 },
      now: { content: now.content, sha256: now.sha256 },
      categories: diffCategories(asFiled.content, now.content),
      ...changed,
      supplement,
    };
  });
}
