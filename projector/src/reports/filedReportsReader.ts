import type { Knex } from 'knex';
import { headlineFigures, type HeadlineFigure } from '@ghg/domain';
import type { ReportFigure, ReportRegime } from '@ghg/events';

/** A filed report as the read model `filed_reports` (migrations 0022, 0027) holds it, for both APIs. */
export interface FiledReportRecord {
  reportId: string;
  regime: ReportRegime;
  fiscalYear: number;
  position: string;
  sha256: string;
  filedAt: string;
  filedBy: string | null;
  filedByName: string | null;
  note: string;
  /** The regime's headline figures as filed, in its order. */
  figures: HeadlineFigure[];
  /** The GHG Protocol's figures (null for a filing of another regime). */
  scope1Kg: string | null;
  scope2LocationKg: string | null;
  scope2MarketKg: string | null;
  scope3Kg: string | null;
  lines: number;
}

interface Row {
  report_id: string;
  regime: ReportRegime;
  fiscal_year: number;
  position: string | number;
  sha256: string;
  filed_at: Date | string;
  filed_by: string | null;
  filed_by_name: string | null;
  note: string;
  figures: string | Partial<Record<ReportFigure, string>>;
  scope1_kg: string | null;
  scope2_location_kg: string | null;
  scope2_market_kg: string | null;
  scope3_kg: string | null;
  lines: number;
}

const recordOf = (r: Row): FiledReportRecord => ({
  reportId: r.report_id,
  regime: r.regime,
  fiscalYear: r.fiscal_year,
  position: String(r.position),
  sha256: r.sha256,
  filedAt: new Date(r.filed_at).toISOString(),
  filedBy: r.filed_by,
  filedByName: r.filed_by_name,
  note: r.note,
  figures: headlineFigures(r.regime, typeof r.figures === 'string' ? (JSON.parse(r.figures) as Partial<Record<ReportFigure, string>>) : r.figures, 'skip'),
  scope1Kg: r.scope1_kg,
  scope2LocationKg: r.scope2_location_kg,
  scope2MarketKg: r.scope2_market_kg,
  scope3Kg: r.scope3_kg,
  lines: r.lines,
});

const query = (knex: Knex, companyId: string) =>
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
      'r.figures',
      'r.lines',
      ...['scope1_kg', 'scope2_location_kg', 'scope2_market_kg', 'scope3_kg'].map((c) => knex.raw(`r.${c}::text as ${c}`)),
    );

/** The company's filed reports (of a fiscal year when given), newest first. */
export async function filedReports(knex: Knex, companyId: string, fiscalYear?: number): Promise<FiledReportRecord[]> {
  const rows = (await query(knex, companyId)
    .modify((q) => (fiscalYear === undefined ? q : q.andWhere('r.fiscal_year', fiscalYear)))
    .orderBy([{ column: 'r.position', order: 'desc' }, { column: 'r.report_id' }])) as Row[];
  return rows.map(recordOf);
}

/** One of the company's filed reports, or undefined (another company's is not found either). */
export async function filedReport(knex: Knex, companyId: string, reportId: string): Promise<FiledReportRecord | undefined> {
  const row = (await query(knex, companyId).andWhere('r.report_id', reportId).first()) as Row | undefined;
  return row && recordOf(row);
}
