import type { FastifyInstance } from 'fastify';
import { Refusal, reportRoutes } from '@ghg/api';
import { diffCategories, figureDifferences, headlineFigures, headlineOf, reportRegimeRules, type InventoryLine } from '@ghg/domain';
import type { ReportRegime } from '@ghg/events';
import { AsOfAheadError, filedReport, filedReports, linesAsOf, renderReport, renderSupplement, reportPosition, type FiledReportRecord, type RenderedReport } from '@ghg/projector';
import type { Knex } from 'knex';
import type { QueryApiDeps } from '../core/deps';
import { changedLines } from './changedLines';
import { registerRoute } from '../core/registerRoute';

/** A filed report as the API answers it (the record without its line count). */
const answerOf = ({ lines: _lines, ...report }: FiledReportRecord) => report;

/** The position a regime's report is read at for `asOf` (now: what every read model it reads reflects); ahead of them, 409 `as_of_ahead`. */
async function positionFor(knex: Knex, regime: ReportRegime, companyId: string, asOf: string | undefined): Promise<bigint> {
  try {
    return await reportPosition(knex, regime, companyId, asOf);
  } catch (error) {
    if (error instanceof AsOfAheadError) throw new Refusal('as_of_ahead');
    throw error;
  }
}

/** The lines of the fiscal year a regime's report counts, at the position it was rendered at (those the renderer read, when it kept them). */
async function countedLines(knex: Knex, companyId: string, fiscalYear: number, at: bigint, rendered: RenderedReport): Promise<InventoryLine[]> {
  const counts = reportRegimeRules[rendered.content.regime].countsLine ?? (() => false);
  return (rendered.lines ?? (await linesAsOf(knex, companyId, fiscalYear, at))).filter(counts);
}

export function registerReportQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;

  registerRoute(app, deps, reportRoutes.list, async ({ reader, query }) => {
    return { reports: (await filedReports(knex, reader.selectedCompanyId, query.fiscalYear)).map(answerOf) };
  });

  registerRoute(app, deps, reportRoutes.draft, async ({ reader, query }) => {
    const companyId = reader.selectedCompanyId;
    const position = await positionFor(knex, query.regime, companyId, query.asOf);
    const { content, sha256 } = await renderReport(knex, query.regime, companyId, query.fiscalYear, position);
    const headline = headlineOf(content);
    return { content, sha256, headline: { lines: headline.lines, figures: headlineFigures(content.regime, headline.figures) } };
  });

  registerRoute(app, deps, reportRoutes.detail, async ({ reader, params, refuse }) => {
    const companyId = reader.selectedCompanyId;
    const record = await filedReport(knex, companyId, params.id);
    if (!record) throw refuse('report_not_found');
    const report = answerOf(record);
    const { regime, fiscalYear } = report;
    const filedAt = BigInt(report.position);
    const nowAt = await positionFor(knex, regime, companyId, undefined);
    const [asFiled, now] = await Promise.all([renderReport(knex, regime, companyId, fiscalYear, filedAt), renderReport(knex, regime, companyId, fiscalYear, nowAt)]);
    const linesCompared = reportRegimeRules[regime].countsLine !== null;
    const [changed, supplement] = await Promise.all([
      linesCompared
        ? changedLines(knex, companyId, fiscalYear, { lines: await countedLines(knex, companyId, fiscalYear, filedAt, asFiled), at: filedAt }, { lines: await countedLines(knex, companyId, fiscalYear, nowAt, now), at: nowAt })
        : { lines: [], moreLines: 0, causes: [] },
      asFiled.content.regime === 'ghgProtocol' ? renderSupplement(knex, companyId, asFiled.content) : null,
    ]);
    const filedFigures = Object.fromEntries(report.figures.map((f) => [f.figure, f.value]));
    return {
      report,
      asFiled: { content: asFiled.content, sha256: asFiled.sha256, reproduced: asFiled.sha256 === report.sha256 },
      now: { content: now.content, sha256: now.sha256 },
      figures: figureDifferences(regime, filedFigures, headlineOf(now.content).figures),
      categories: asFiled.content.regime === 'ghgProtocol' && now.content.regime === 'ghgProtocol' ? diffCategories(asFiled.content, now.content) : [],
      linesCompared,
      ...changed,
      supplement,
    };
  });
}
