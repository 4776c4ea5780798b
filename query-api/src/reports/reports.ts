import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { reportRoutes, type FiledReport } from '@ghg/api';
import { diffCategories, diffLines } from '@ghg/domain';
import type { ReportRegime } from '@ghg/events';
import { AsOfAheadError, lineChangesBetween, renderInventory, resolveAsOf } from '@ghg/projector';
import type { z } from 'zod';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/** How many differing lines the detail lists (largest first); `moreLines` counts the rest. */
export const MAX_DIFFERENCE_LINES = 200;

interface FiledRow {
  report_id: string;
  regime: ReportRegime;
  fiscal_year: number;
  position: string | number;
  sha256: string;
  filed_at: Date | string;
  filed_by: string | null;
  filed_by_name: string | null;
  note: string;
  scope1_kg: string;
  scope2_location_kg: string;
  scope2_market_kg: string;
  scope3_kg: string;
}

const filedQuery = (knex: Knex, companyId: string) =>
  knex('filed_reports as r')
    .leftJoin('users as u', 'u.id', 'r.filed_by')
    .where('r.company_id', companyId)
    .select(
      'r.report_id',
      'r.regime',
      'r.fiscal_year',
      'r.position',
      'r.sha256',
      'r.filed_at',
      'r.filed_by',
      'u.name as filed_by_name',
      'r.note',
      knex.raw('r.scope1_kg::text as scope1_kg'),
      knex.raw('r.scope2_location_kg::text as scope2_location_kg'),
      knex.raw('r.scope2_market_kg::text as scope2_market_kg'),
      knex.raw('r.scope3_kg::text as scope3_kg'),
    );

export const filedReportOf = (r: FiledRow): z.infer<typeof FiledReport> => ({
  reportId: r.report_id,
  regime: r.regime,
  fiscalYear: r.fiscal_year,
  position: String(r.position),
  sha256: r.sha256,
  filedAt: new Date(r.filed_at).toISOString(),
  filedBy: r.filed_by,
  filedByName: r.filed_by_name,
  note: r.note,
  scope1Kg: r.scope1_kg,
  scope2LocationKg: r.scope2_location_kg,
  scope2MarketKg: r.scope2_market_kg,
  scope3Kg: r.scope3_kg,
});

/** The selected company's filed report, or undefined (another company's is not found either). */
export async function filedReport(knex: Knex, companyId: string, reportId: string): Promise<z.infer<typeof FiledReport> | undefined> {
  const row = (await filedQuery(knex, companyId).andWhere('r.report_id', reportId).first()) as FiledRow | undefined;
  return row && filedReportOf(row);
}

export function registerReportQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;

  registerRoute(app, deps, reportRoutes.list, async ({ reader, query }) => {
    const rows = (await filedQuery(knex, reader.selectedCompanyId)
      .modify((q) => (query.fiscalYear === undefined ? q : q.andWhere('r.fiscal_year', query.fiscalYear)))
      .orderBy([{ column: 'r.position', order: 'desc' }, { column: 'r.report_id' }])) as FiledRow[];
    return { reports: rows.map(filedReportOf) };
  });

  registerRoute(app, deps, reportRoutes.draft, async ({ reader, query, refuse }) => {
    let position: bigint;
    try {
      position = await resolveAsOf(knex, reader.selectedCompanyId, query.asOf);
    } catch (error) {
      if (error instanceof AsOfAheadError) throw refuse('as_of_ahead');
      throw error;
    }
    const { content, sha256 } = await renderInventory(knex, reader.selectedCompanyId, query.fiscalYear, position);
    return { content, sha256 };
  });

  registerRoute(app, deps, reportRoutes.detail, async ({ reader, params, refuse }) => {
    const companyId = reader.selectedCompanyId;
    const report = await filedReport(knex, companyId, params.id);
    if (!report) throw refuse('report_not_found');
    const filedAt = BigInt(report.position);
    const nowAt = await resolveAsOf(knex, companyId, undefined);
    const asFiled = await renderInventory(knex, companyId, report.fiscalYear, filedAt);
    const now = await renderInventory(knex, companyId, report.fiscalYear, nowAt);
    const differing = diffLines(asFiled.lines, now.lines);
    const listed = differing.slice(0, MAX_DIFFERENCE_LINES);
    const changes = await lineChangesBetween(knex, companyId, listed.map((l) => l.dealId), filedAt, nowAt);
    return {
      report,
      asFiled: { content: asFiled.content, sha256: asFiled.sha256, reproduced: asFiled.sha256 === report.sha256 },
      now: { content: now.content, sha256: now.sha256 },
      categories: diffCategories(asFiled.content, now.content),
      lines: listed.map((line) => ({ ...line, events: changes.filter((c) => c.dealId === line.dealId).map(({ dealId: _d, ...event }) => event) })),
      moreLines: differing.length - listed.length,
    };
  });
}
