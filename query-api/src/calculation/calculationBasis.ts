import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import { DEFAULT_START_MONTH, defaultBasis, type PinCandidate, SHIPPED_FACTOR_SETS } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { authenticateReader, QueryError, requireReader } from '../core/session';
import { queryYear } from '../core/queryArgs';

const BasisQuery = z.object({ fiscalYear: queryYear().optional() });

const pinsOf = (v: unknown): Record<string, string> => (typeof v === 'string' ? JSON.parse(v) : (v as Record<string, string>));
const viewOf = (row: Record<string, unknown>) => ({
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
  app.get('/api/calculation-basis', { preHandler: authenticateReader(knex) }, async (request) => {
    const { selectedCompanyId: companyId } = requireReader(request, 'company.read');
    const query = BasisQuery.safeParse(request.query);
    if (!query.success) throw new QueryError(400, 'invalid_args', 'invalid args');
    const { fiscalYear } = query.data;
    if (fiscalYear === undefined) {
      const rows = await knex('calculation_basis').where({ company_id: companyId }).orderBy('fiscal_year', 'desc');
      return { calculationBases: rows.map(viewOf) };
    }
    const row = await knex('calculation_basis').where({ company_id: companyId, fiscal_year: fiscalYear }).first();
    return { calculationBasis: row ? viewOf(row) : await defaultFor(knex, companyId, fiscalYear) };
  });
}
