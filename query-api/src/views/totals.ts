import type { FastifyInstance } from 'fastify';
import { MAX_TOTALS_YEARS, Refusal, viewRoutes, type ConsolidationApproach, type TotalsDimension } from '@ghg/api';
import { DEFAULT_START_MONTH, fiscalYearOf, sectionsWithin } from '@ghg/domain';
import type { ControlApproach } from '@ghg/events';
import type { QueryApiDeps } from '../core/deps';
import { groupConsolidation } from '../organization/companies';
import { registerRoute } from '../core/registerRoute';

/** Each dimension's column in `emission_totals` (a fixed map: no SQL is built from the request) and its field in the answer. */
const DIMENSIONS = {
  company: { sql: 't.company_id', field: 'companyId' },
  section: { sql: 't.section_id', field: 'sectionId' },
  fiscalYear: { sql: 't.fiscal_year', field: 'fiscalYear' },
  month: { sql: 't.fiscal_month', field: 'month' },
  scope: { sql: "CASE WHEN t.scope_category IN ('1', '2', 'water') THEN t.scope_category ELSE '3' END", field: 'scope' },
  category: { sql: 't.scope_category', field: 'scopeCategory' },
  formula: { sql: 't.formula_id', field: 'formulaId' },
} as const satisfies Record<TotalsDimension, { sql: string; field: string }>;

/** The totals column of each scope-2 basis and the count of scope-2 lines without a figure on it. */
const BASIS_SQL = {
  location: { sum: 't.co2e_location_kg', missing: 't.lines_without_location' },
  market: { sum: 't.co2e_market_kg', missing: 't.lines_without_market' },
} as const;

interface CompanyRow {
  id: string;
  name: string;
  region: string | null;
  equity_share_percent: string | number;
  control_approach: ControlApproach;
}

/**
 * A company's weight in a group's figures (GHG Protocol Corporate Standard, ch. 3): its equity
 * share; or under a control approach all of it when the group controls it that way, else none. A
 * company the group operates counts as financially controlled too; `equity_share` marks one it
 * neither operates nor controls financially (a joint venture or an associate).
 */
export function consolidationWeight(approach: ConsolidationApproach, company: { controlApproach: ControlApproach; equitySharePercent: number }): number {
  if (approach === 'equity_share') return company.equitySharePercent / 100;
  if (approach === 'operational') return company.controlApproach === 'operational' ? 1 : 0;
  return company.controlApproach === 'equity_share' ? 0 : 1;
}

export function registerViewQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, viewRoutes.totals, async ({ query, reader }) => {
    const fromYear = query.fromYear;
    const toYear = query.toYear ?? fromYear;
    if (toYear < fromYear || toYear - fromYear >= MAX_TOTALS_YEARS) throw new Refusal('invalid_year_range', { fields: ['toYear'], message: `toYear must be fromYear to fromYear + ${MAX_TOTALS_YEARS - 1}` });
    const group = query.of === 'group';
    const companyIds = group ? reader.companyIds : [reader.selectedCompanyId];
    // No approach asked: the one the group chose (the answer names it).
    const approach: ConsolidationApproach | null = group ? (query.approach ?? (await groupConsolidation(knex, reader.tenantId)).consolidationApproach) : null;

    const companyRows: CompanyRow[] = await knex('companies').whereIn('id', companyIds).orderBy('name').select('id', 'name', 'region', 'equity_share_percent', 'control_approach');
    const companies = companyRows.map((c) => {
      const company = { controlApproach: c.control_approach, equitySharePercent: Number(c.equity_share_percent) };
      return { companyId: c.id, name: c.name, region: c.region, weight: approach === null ? 1 : consolidationWeight(approach, company), ...company };
    });

    let sectionIds: string[] | null = null;
    const sectionId = group ? null : (query.sectionId ?? null);
    if (sectionId !== null) {
      const sections: { id: string; parent_section_id: string | null }[] = await knex('company_sections').where({ company_id: reader.selectedCompanyId }).select('id', 'parent_section_id');
      sectionIds = sectionsWithin(sections.map((s) => ({ id: s.id, parentSectionId: s.parent_section_id })), sectionId);
      if (sectionIds === null || sectionIds.length === 0) throw new Refusal('unknown_section', { fields: ['sectionId'], message: 'no such section of the selected company' });
    }

    // Each company's weight joins as a constant table, so PostgreSQL weighs the exact sums.
    const weights = companies.filter((c) => c.weight !== 0);
    const basis = BASIS_SQL[query.basis];
    const categories = query.categories && query.categories.length > 0 ? query.categories : null;
    const sumsSql = [
      `sum(w.weight * (CASE WHEN t.scope_category = '2' THEN ${basis.sum} ELSE t.co2e_kg END)) as kg`,
      'sum(t.lines) as lines',
      `sum(CASE WHEN t.scope_category = '2' THEN ${basis.missing} ELSE 0 END) as without_basis`,
    ].join(', ');
    const fromWhere = `from emission_totals t
         join (select * from unnest(?::text[], ?::numeric[]) as w(company_id, weight)) w on w.company_id = t.company_id
        where t.fiscal_year between ? and ?
          ${sectionIds === null ? '' : 'and t.section_id = any(?::text[])'}
          ${categories === null ? '' : 'and t.scope_category = any(?::text[])'}`;
    const bindings = [
      weights.map((c) => c.companyId),
      weights.map((c) => String(c.weight)),
      fromYear,
      toYear,
      ...(sectionIds === null ? [] : [sectionIds]),
      ...(categories === null ? [] : [categories]),
    ];
    const dims = query.groupBy.map((d) => DIMENSIONS[d].sql);
    const positions = dims.map((_, i) => i + 1).join(', ');
    const rows: Record<string, string | number | null>[] =
      weights.length === 0
        ? []
        : (
            await knex.raw(
              `select ${[...dims.map((d, i) => `${d} as d${i}`), sumsSql].join(', ')}
                 ${fromWhere}
                ${dims.length > 0 ? `group by ${positions}` : ''}
                order by kg desc nulls last${dims.length > 0 ? `, ${positions}` : ''}
                ${query.limit > 0 ? `limit ${query.limit}` : ''}`,
              bindings,
            )
          ).rows;

    const answerRows = rows
      .filter((r) => Number(r.lines ?? 0) > 0)
      .map((r) => {
        const row: Record<string, string | number> = {};
        query.groupBy.forEach((d, i) => {
          const value = r[`d${i}`];
          row[DIMENSIONS[d].field] = d === 'fiscalYear' || d === 'month' ? Number(value) : String(value);
        });
        return { ...row, co2eKg: Number(r.kg ?? 0), lines: Number(r.lines), withoutBasis: Number(r.without_basis ?? 0) };
      });
    // The total is summed by the database, over every row (a `limit` keeps only the largest rows):
    // adding the rows' doubles would also drift from the ledger.
    const total = { co2eKg: 0, lines: 0, withoutBasis: 0 };
    if (query.groupBy.length === 0 && answerRows[0]) Object.assign(total, { co2eKg: answerRows[0].co2eKg, lines: answerRows[0].lines, withoutBasis: answerRows[0].withoutBasis });
    else if (query.groupBy.length > 0 && weights.length > 0) {
      const { rows: [sum] } = await knex.raw<{ rows: { kg: string | null; lines: string | null; without_basis: string | null }[] }>(`select ${sumsSql} ${fromWhere}`, bindings);
      Object.assign(total, { co2eKg: Number(sum?.kg ?? 0), lines: Number(sum?.lines ?? 0), withoutBasis: Number(sum?.without_basis ?? 0) });
    }

    return {
      fromYear,
      toYear,
      of: query.of,
      basis: query.basis,
      approach,
      sectionId,
      companies,
      rows: answerRows,
      total,
      offsets: await offsetsByYear(weights, fromYear, toYear),
    };
  });

  /** Offset credits used in each fiscal year (each company's own fiscal year), weighted like its emissions: one query. */
  async function offsetsByYear(weights: readonly { companyId: string; weight: number }[], fromYear: number, toYear: number) {
    const out = new Map<number, { fiscalYear: number; co2eKg: number; records: number }>();
    for (let fiscalYear = fromYear; fiscalYear <= toYear; fiscalYear++) out.set(fiscalYear, { fiscalYear, co2eKg: 0, records: 0 });
    if (weights.length === 0) return [...out.values()];
    const starts: { company_id: string; start_month: number }[] = await knex('fiscal_year_settings').whereIn('company_id', weights.map((w) => w.companyId)).select('company_id', 'start_month');
    const startOf = new Map(starts.map((s) => [s.company_id, s.start_month]));
    const weightOf = new Map(weights.map((w) => [w.companyId, w.weight]));
    // A fiscal year lies within its calendar year and the next: the dates (ISO text) that can fall in the range.
    const used: { company_id: string; day: string; t: string | number }[] = await knex('offsets')
      .whereIn('company_id', weights.map((w) => w.companyId))
      .andWhere('invalid_or_relocation_date', '>=', `${fromYear}-01-01`)
      .andWhere('invalid_or_relocation_date', '<', `${toYear + 2}-01-01`)
      .select('company_id', 'invalid_or_relocation_date as day', 'invalid_or_relocation_quantity as t');
    for (const o of used) {
      const year = out.get(fiscalYearOf(o.day, startOf.get(o.company_id) ?? DEFAULT_START_MONTH));
      if (!year) continue;
      year.co2eKg += Number(o.t) * 1000 * (weightOf.get(o.company_id) ?? 0);
      year.records += 1;
    }
    return [...out.values()];
  }
}
