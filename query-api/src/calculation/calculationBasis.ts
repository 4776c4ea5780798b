import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { basisRoutes } from '@ghg/api';
import { DEFAULT_START_MONTH, defaultBasis, type PinCandidate, SHIPPED_FACTOR_SETS } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

interface BasisRow {
  fiscal_year: number | string;
  gwp_set: string;
  /** jsonb: parsed by pg, text on some drivers. */
  factor_sets: Record<string, string> | string;
  version: number | string;
}

const pinsOf = (v: BasisRow['factor_sets']): Record<string, string> => (typeof v === 'string' ? JSON.parse(v) : v);
const viewOf = (row: BasisRow) => ({
  fiscalYear: Number(row.fiscal_year),
  gwpSet: String(row.gwp_set),
  factorSets: pinsOf(row.factor_sets),
  version: Number(row.version),
  isDefault: false,
});

/** What a year without a basis would get on its first save (the same rule command-api applies). */
async function defaultFor(knex: Knex, companyId: string, fiscalYear: number) {
  const fy = await knex('fiscal_year_settings').where({ company_id: companyId }).first();
  const sets = await knex('company_factor_sets').where({ company_id: companyId }).where('latest_version', '>', 0);
  const candidates: PinCandidate[] = [
    ...SHIPPED_FACTOR_SETS,
    ...sets.map((s: Record<string, unknown>) => ({ id: String(s.set_id), version: String(s.latest_version), year: Number(s.latest_version) })),
  ];
  return { fiscalYear, ...defaultBasis(fiscalYear, candidates, fy?.start_month ?? DEFAULT_START_MONTH), version: -1, isDefault: true };
}

export function registerCalculationBasisQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, basisRoutes.get, async ({ reader: { selectedCompanyId: companyId }, query: { fiscalYear } }) => {
    if (fiscalYear === undefined) {
      const rows: BasisRow[] = await knex('calculation_basis').where({ company_id: companyId }).orderBy('fiscal_year', 'desc');
      return { calculationBases: rows.map(viewOf) };
    }
    const row = await knex('calculation_basis').where({ company_id: companyId, fiscal_year: fiscalYear }).first();
    return { calculationBasis: row ? viewOf(row) : await defaultFor(knex, companyId, fiscalYear) };
  });
}
