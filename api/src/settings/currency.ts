import { z } from 'zod';
import { idText } from '@ghg/events';
import type { currencyRatesDecider } from '@ghg/domain';
import { expectedVersionArg, IdParam, numberArg, queryText, queryYear, RemoveArgs, textArg } from '../core/args';
import { defineRoute, errorTable, noErrors, type DeciderError } from '../core/contract';

const errors = errorTable<DeciderError<typeof currencyRatesDecider>>()({
  invalid_rate: 400,
  invalid_fiscal_year: 400,
  invalid_currency_unit: 400,
  currency_rate_exists: 409,
  currency_rate_not_found: 404,
});

const Currency = z.strictObject({ id: z.string(), fiscalYear: z.number(), currencyUnit: z.string(), rate: z.number(), version: z.number() });

/** Currency rates: yen per unit of a currency, per fiscal year (docs/api.md, "Settings"). */
export const currencyRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/currency',
    permission: 'company.read',
    summary: "The selected company's currency rates, newest fiscal year first",
    query: z.object({ fiscalYear: queryYear().optional() }),
    response: z.strictObject({ currencies: z.array(Currency) }),
    errors: noErrors,
  }),
  rate: defineRoute({
    method: 'GET',
    url: '/api/currency/rate',
    permission: 'company.read',
    summary: 'The rate a calculation uses for a currency and fiscal year (none set: 100)',
    query: z.object({ fiscalYear: queryYear(), currencyUnit: queryText().min(1) }),
    response: z.strictObject({ fiscalYear: z.number(), currencyUnit: z.string(), rate: z.number(), isDefault: z.boolean() }),
    errors: noErrors,
  }),
  save: defineRoute({
    method: 'POST',
    url: '/api/currency',
    permission: 'company.configure',
    summary: 'Add a rate (no id) or change one',
    body: z.object({ id: idText().optional(), fiscalYear: numberArg, currencyUnit: textArg, rate: numberArg, expectedVersion: expectedVersionArg }),
    response: z.strictObject({ currency: Currency.nullable() }),
    errors,
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/currency/:id',
    permission: 'company.configure',
    summary: 'Delete a rate; answers it as it was',
    params: IdParam,
    body: RemoveArgs,
    response: z.strictObject({ currency: Currency.nullable() }),
    errors,
  }),
};
