import type { FastifyInstance } from 'fastify';
import { currencyRoutes } from '@ghg/api';
import { DEFAULT_CURRENCY_RATE, normaliseCurrencyUnit } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

interface CurrencyRow {
  id: string;
  fiscal_year: number;
  currency_unit: string;
  rate: string | number;
  version: number;
}

const toCurrency = (row: CurrencyRow) => ({
  id: row.id,
  fiscalYear: row.fiscal_year,
  currencyUnit: row.currency_unit,
  rate: Number(row.rate),
  version: row.version,
});

export function registerCurrencyQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, currencyRoutes.list, async ({ reader: { selectedCompanyId }, query: { fiscalYear } }) => {
    const rows: CurrencyRow[] = await knex('currency_rates')
      .where({ company_id: selectedCompanyId })
      .modify((q) => (fiscalYear === undefined ? q : q.where({ fiscal_year: fiscalYear })))
      .orderBy([{ column: 'fiscal_year', order: 'desc' }, 'currency_unit']);
    return { currencies: rows.map(toCurrency) };
  });

  // The rate a calculation will use: the company's own, or 100 yen per unit when none is set.
  registerRoute(app, deps, currencyRoutes.rate, async ({ reader: { selectedCompanyId }, query }) => {
    const unit = normaliseCurrencyUnit(query.currencyUnit);
    const row = await knex('currency_rates').where({ company_id: selectedCompanyId, fiscal_year: query.fiscalYear, currency_unit: unit }).first();
    return { fiscalYear: query.fiscalYear, currencyUnit: unit, rate: row ? Number(row.rate) : DEFAULT_CURRENCY_RATE, isDefault: !row };
  });
}
