import type { FastifyInstance } from 'fastify';
import { MAX_TOTALS_YEARS, Refusal, viewRoutes, type ConsolidationApproach, type TotalsDimension } from '@ghg/api';
import { DEFAULT_START_MONTH, fiscalYearOf, sectionsWithin } from '@ghg/domain';
import type { ControlApproach } from '@ghg/events';
import type { QueryApiDeps } from '../core/deps';
import { groupConsolidation } from '../organization/companies';
import { registerRoute } from '../core/registerRoute';
import { auditedRecordsAsOf, companiesAsOf, consolidationApproachAsOf, sectionRowsAsOf, totalsAsOfSql } from '@ghg/projector';
import { asOfPosition } from '../reports/asOf';

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
    // As of a moment: the temporal ledger stands in for the totals table (same columns, a row per
    // line), and the companies, their weights, the group's approach, the sections and the offsets
    // are folded from the audit log up to the same position (projector/src/organization/organizationAsOf.ts).
    const asOf = query.asOf === undefined ? null : await asOfPosition(knex, group ? null : reader.selectedCompanyId, query.asOf);
    const temporal = totalsAsOfSql('t');
    const source = asOf === null ? { sql: 'emission_totals t', bindings: [] as string[] } : { sql: temporal.sql, bindings: temporal.bindings(asOf) };
    // No approach asked: the one the group chose (then; the answer names it).
    const approach: ConsolidationApproach | null = !group
      ? null
      : (query.approach ?? (asOf === null ? (await groupConsolidation(knex, reader.tenantId)).consolidationApproach : await consolidationApproachAsOf(knex, reader.tenantId, asOf)));

    // Only companies the caller may see today, as they were then (none registered yet: not listed).
    const companyRows: CompanyRow[] =
      asOf === null
        ? await knex('companies').whereIn('id', companyIds).orderBy('name').select('id', 'name', 'region', 'equity_share_percent', 'control_approach')
        : (await companiesAsOf(knex, reader.tenantId, asOf)).filter((c) => companyIds.includes(c.id));
    const companies = companyRows.map((c) => {
      const company = { controlApproach: c.control_approach, equitySharePercent: Number(c.equity_share_percent) };
      return { companyId: c.id, name: c.name, region: c.region, weight: approach === null ? 1 : consolidationWeight(approach, company), ...company };
    });

    let sectionIds: string[] | null = null;
    const sectionId = group ? null : (query.sectionId ?? null);
    if (sectionId !== null) {
      const sections: { id: string; parent_section_id: string | null }[] =
        asOf === null ? await knex('company_sections').where({ company_id: reader.selectedCompanyId }).select('id', 'parent_section_id') : await sectionRowsAsOf(knex, reader.selectedCompanyId, asOf);
      sectionIds = sectionsWithin(sections.map((s) => ({ id: s.id, parentSectionId: s.parent_section_id })), sectionId);
      if (sectionIds === null || sectionIds.length === 0) throw new Refusal('unknown_section', { fields: ['sectionId'], message: 'no such section of the selected company' });
    }

    // One pass over the totals, whatever the grouping: each company's sums first, read by the
    // table's key (company, year, …), then weighed by the company's weight (a constant table:
    // PostgreSQL multiplies exactly) and grouped as asked, the grand total being one more grouping
    // set. So the total counts every row even when `limit` keeps only the largest, and it is the
    // database's exact sum, not the rows' doubles added up.
    const weights = companies.filter((c) => c.weight !== 0);
    const basis = BASIS_SQL[query.basis];
    const categories = query.categories && query.categories.length > 0 ? query.categories : null;
    const dims = query.groupBy.map((d) => DIMENSIONS[d].sql);
    const perCompany = `select t.company_id${dims.map((d, i) => `, ${d} as d${i}`).join('')},
             sum(CASE WHEN t.scope_category = '2' THEN ${basis.sum} ELSE t.co2e_kg END) as kg,
             sum(t.lines) as lines,
             sum(CASE WHEN t.scope_category = '2' THEN ${basis.missing} ELSE 0 END) as without_basis
        from ${source.sql}
       where t.company_id = any(?::text[]) and t.fiscal_year between ? and ?
         ${sectionIds === null ? '' : 'and t.section_id = any(?::text[])'}
         ${categories === null ? '' : 'and t.scope_category = any(?::text[])'}
       group by ${['t.company_id', ...dims.map((_, i) => String(i + 2))].join(', ')}`;
    // The rows, largest first; with dimensions, the total (is_total 1) first of all.
    const grouped = dims.length > 0;
    const columns = dims.map((_, i) => `c.d${i}`);
    const select = [...columns.map((c, i) => `${c} as d${i}`), ...(grouped ? ['grouping(c.d0) as is_total'] : []), 'sum(w.weight * c.kg) as kg', 'sum(c.lines) as lines', 'sum(c.without_basis) as without_basis'];
    const rows: Record<string, string | number | null>[] =
      weights.length === 0
        ? []
        : (
            await knex.raw(
              `select ${select.join(', ')}
                 from (${perCompany}) c
                 join (select * from unnest(?::text[], ?::numeric[]) as w(company_id, weight)) w on w.company_id = c.company_id
                ${grouped ? `group by grouping sets ((${columns.join(', ')}), ()) order by grouping(c.d0) desc, kg desc nulls last, ${columns.join(', ')}` : ''}
                ${grouped && query.limit > 0 ? `limit ${query.limit + 1}` : ''}`,
              [
                ...source.bindings,
                weights.map((c) => c.companyId),
                fromYear,
                toYear,
                ...(sectionIds === null ? [] : [sectionIds]),
                ...(categories === null ? [] : [categories]),
                weights.map((c) => c.companyId),
                weights.map((c) => String(c.weight)),
              ],
            )
          ).rows;

    const sums = (r: Record<string, string | number | null>) => ({ co2eKg: Number(r.kg ?? 0), lines: Number(r.lines ?? 0), withoutBasis: Number(r.without_basis ?? 0) });
    // Without dimensions the one row is the total.
    const totalRow = grouped ? rows.find((r) => Number(r.is_total) === 1) : rows[0];
    const total = totalRow ? sums(totalRow) : { co2eKg: 0, lines: 0, withoutBasis: 0 };
    const answerRows = (grouped ? rows.filter((r) => Number(r.is_total) !== 1) : rows)
      .filter((r) => Number(r.lines ?? 0) > 0)
      .map((r) => {
        const row: Record<string, string | number> = {};
        query.groupBy.forEach((d, i) => {
          const value = r[`d${i}`];
          row[DIMENSIONS[d].field] = d === 'fiscalYear' || d === 'month' ? Number(value) : String(value);
        });
        return { ...row, ...sums(r) };
      });

    return {
      fromYear,
      toYear,
      of: query.of,
      basis: query.basis,
      approach,
      sectionId,
      asOf: asOf === null ? null : asOf.toString(),
      companies,
      rows: answerRows,
      total,
      offsets: await offsetsByYear(weights, fromYear, toYear, asOf),
    };
  });

  /** Offset credits used in each fiscal year (each company's own fiscal year), weighted like its emissions, now or as of a position. */
  async function offsetsByYear(weights: readonly { companyId: string; weight: number }[], fromYear: number, toYear: number, asOf: bigint | null) {
    const out = new Map<number, { fiscalYear: number; co2eKg: number; records: number }>();
    for (let fiscalYear = fromYear; fiscalYear <= toYear; fiscalYear++) out.set(fiscalYear, { fiscalYear, co2eKg: 0, records: 0 });
    if (weights.length === 0) return [...out.values()];
    const companyIds = weights.map((w) => w.companyId);
    // A fiscal year lies within its calendar year and the next: the dates (ISO text) that can fall in the range.
    const [from, until] = [`${fromYear}-01-01`, `${toYear + 2}-01-01`];
    const { startOf, used } = asOf === null ? await offsetsNow(companyIds, from, until) : await offsetsAsOf(companyIds, asOf);
    const weightOf = new Map(weights.map((w) => [w.companyId, w.weight]));
    for (const o of used) {
      if (o.day < from || o.day >= until) continue;
      const year = out.get(fiscalYearOf(o.day, startOf.get(o.companyId) ?? DEFAULT_START_MONTH));
      if (!year) continue;
      year.co2eKg += o.tonnes * 1000 * (weightOf.get(o.companyId) ?? 0);
      year.records += 1;
    }
    return [...out.values()];
  }

  interface OffsetsRead {
    startOf: Map<string, number>;
    used: { companyId: string; day: string; tonnes: number }[];
  }

  async function offsetsNow(companyIds: string[], from: string, until: string): Promise<OffsetsRead> {
    const starts: { company_id: string; start_month: number }[] = await knex('fiscal_year_settings').whereIn('company_id', companyIds).select('company_id', 'start_month');
    const used: { company_id: string; day: string; t: string | number }[] = await knex('offsets')
      .whereIn('company_id', companyIds)
      .andWhere('invalid_or_relocation_date', '>=', from)
      .andWhere('invalid_or_relocation_date', '<', until)
      .select('company_id', 'invalid_or_relocation_date as day', 'invalid_or_relocation_quantity as t');
    return { startOf: new Map(starts.map((s) => [s.company_id, s.start_month])), used: used.map((o) => ({ companyId: o.company_id, day: o.day, tonnes: Number(o.t) })) };
  }

  async function offsetsAsOf(companyIds: string[], asOf: bigint): Promise<OffsetsRead> {
    const startOf = new Map<string, number>();
    const used: OffsetsRead['used'] = [];
    for (const companyId of companyIds) {
      const [fiscalYear, offsets] = await Promise.all([auditedRecordsAsOf(knex, companyId, 'settings/fiscalYear', asOf), auditedRecordsAsOf(knex, companyId, 'settings/offset', asOf)]);
      const start = [...fiscalYear.values()].map((r) => Number(r.startMonth)).find((m) => m >= 1 && m <= 12);
      if (start !== undefined) startOf.set(companyId, start);
      for (const o of offsets.values()) used.push({ companyId, day: String(o.invalidOrRelocationDate ?? ''), tonnes: Number(o.invalidOrRelocationQuantity ?? 0) });
    }
    return { startOf, used };
  }
}
