import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_CURRENCY_RATE, normaliseCurrencyUnit } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { authenticateReader, QueryError, requireReader } from '../core/session';
import { queryYear, queryText } from '../core/queryArgs';

const ListQuery = z.object({ fiscalYear: queryYear().optional() });
const RateQuery = z.object({ fiscalYear: queryYear(), currencyUnit: queryText().min(1) });

const toCurrency = (row: Record<string, unknown>) => ({
  id: row.id,
  fiscalYear: row.fiscal_year,
  currencyUnit: row.currency_unit,
  rate: Number(row.rate),
  version: row.version,
});

export function registerCurrencyQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  app.get('/api/currency', { preHandler: authenticateReader(knex) }, async (request) => {
    const { selectedCompanyId } = requireReader(request, 'company.read');
    const query = ListQuery.safeParse(request.query);
    if (!query.success) throw new QueryError(400, 'invalid_args', 'invalid args');
    const rows = await knex('currency_rates')
      .where({ company_id: selectedCompanyId })
      .modify((q) => (query.data.fiscalYear === undefined ? q : q.where({ fiscal_year: query.data.fiscalYear })))
      .orderBy([{ column: 'fiscal_year', order: 'desc' }, 'currency_unit']);
    return { currencies: rows.map(toCurrency) };
  });

  // The rate a calculation will use: the company's own, or 100 yen per unit when none is set.
  app.get('/api/currency/rate', { preHandler: authenticateReader(knex) }, async (request) => {
    const { selectedCompanyId } = requireReader(request, 'company.read');
    const query = RateQuery.safeParse(request.query);
    if (!query.success) throw new QueryError(400, 'invalid_args', 'invalid args');
    const unit = normaliseCurrencyUnit(query.data.currencyUnit);
    const row = await knex('currency_rates')
      .where({ company_id: selectedCompanyId, fiscal_year: query.data.fiscalYear, currency_unit: unit })
      .first();
    return { fiscalYear: query.data.fiscalYear, currencyUnit: unit, rate: row ? Number(row.rate) : DEFAULT_CURRENCY_RATE, isDefault: !row };
  });
}
