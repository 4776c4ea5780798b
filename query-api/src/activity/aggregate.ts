import type { FastifyInstance } from 'fastify';
import { aggregateRoutes } from '@ghg/api';
import { DEFAULT_START_MONTH, fiscalYearDates, sectionsWithin } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { aggregateTotals, type GroupedSum } from './aggregateTotals';

interface SumRow {
  scope_category: GroupedSum['scopeCategory'];
  scope: GroupedSum['scope'];
  co2e_kg: string | number | null;
  lines: string | number;
}

/** The scope a ledger row counts under, in SQL: scope-3 categories ('31' … '315') under '3'. */
/** The ledger column of each scope-2 basis (a fixed map: no column name is built from the request). */
const BASIS_COLUMN = { location: 'co2e_location_kg', market: 'co2e_market_kg' } as const satisfies Record<'location' | 'market', string>;

const SCOPE_OF_CATEGORY = "CASE WHEN scope_category IN ('1', '2', 'water') THEN scope_category ELSE '3' END";

export function registerAggregateQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, aggregateRoutes.get, async ({ query, reader: { selectedCompanyId: companyId } }) => {
    const sectionId = query.sectionId ?? null;
    let sectionIds: string[] | null = null;
    if (sectionId !== null) {
      const sections: { id: string; parent_section_id: string | null }[] = await knex('company_sections').where({ company_id: companyId }).select('id', 'parent_section_id');
      sectionIds = sectionsWithin(sections.map((s) => ({ id: s.id, parentSectionId: s.parent_section_id })), sectionId) ?? [];
    }
    // One aggregate over the ledger (its index on company, fiscal year and category): per category,
    // per scope and the grand total, summed exactly by the database. Scope 2 sums each line's
    // figure on the chosen basis (a line carries both); lines without one are counted apart.
    const basisColumn = BASIS_COLUMN[query.basis];
    const ledger = () =>
      knex('emission_ledger')
        .where({ company_id: companyId, fiscal_year: query.fiscalYear })
        .modify((q) => {
          if (sectionIds !== null) q.whereIn('section_id', sectionIds);
        });
    const sums: SumRow[] = await ledger()
      .andWhere((q) => q.whereNot('scope_category', '2').orWhereNotNull(basisColumn))
      .select(
        knex.raw('scope_category'),
        knex.raw(`${SCOPE_OF_CATEGORY} as scope`),
        knex.raw(`sum(CASE WHEN scope_category = '2' THEN ${basisColumn} ELSE co2e_kg END) as co2e_kg`),
        knex.raw('count(*) as lines'),
      )
      .groupByRaw(`grouping sets ((scope_category), (${SCOPE_OF_CATEGORY}), ())`);
    const missing: { lines: string | number } | undefined = await ledger().andWhere('scope_category', '2').whereNull(basisColumn).first(knex.raw('count(*) as lines'));
    const totals = aggregateTotals(
      sums
        .filter((r) => Number(r.lines) > 0)
        .map((r) => ({ scopeCategory: r.scope_category, scope: r.scope, co2eKg: Number(r.co2e_kg ?? 0), lines: Number(r.lines) })),
    );

    // Offsets are a separate figure, never netted: credits used within the fiscal year (their
    // ISO dates compared as text), in kg like the totals (recorded in t-CO2; scaled exactly in SQL).
    const setting: { start_month: number } | undefined = await knex('fiscal_year_settings').where({ company_id: companyId }).first('start_month');
    const { from, toExclusive } = fiscalYearDates(query.fiscalYear, setting?.start_month ?? DEFAULT_START_MONTH);
    const offsets: { kg: string | number | null; records: string | number } | undefined = await knex('offsets')
      .where({ company_id: companyId })
      .andWhere('invalid_or_relocation_date', '>=', from)
      .andWhere('invalid_or_relocation_date', '<', toExclusive)
      .first(knex.raw('coalesce(sum(invalid_or_relocation_quantity), 0) * 1000 as kg'), knex.raw('count(*) as records'));

    return {
      fiscalYear: query.fiscalYear,
      basis: query.basis,
      sectionId,
      ...totals,
      offsets: { co2eKg: Number(offsets?.kg ?? 0), records: Number(offsets?.records ?? 0) },
      scope2WithoutBasis: Number(missing?.lines ?? 0),
    };
  });
}
