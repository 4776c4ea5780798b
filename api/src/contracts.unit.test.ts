import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { currencyRatesDecider } from '@ghg/domain';
import { allRoutes, errorTable, routeKey, sharedErrors, statusOf, type DeciderError } from './index';

describe('route contracts', () => {
  it('name each route once, under /api, and GETs take no body', () => {
    const keys = allRoutes.map(({ contract }) => routeKey(contract));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(allRoutes.filter(({ contract }) => !contract.url.startsWith('/api/') || (contract.method === 'GET' && contract.body))).toEqual([]);
  });

  it("declare a schema for exactly the URL's path parameters", () => {
    const mismatched = allRoutes.flatMap(({ contract }) => {
      const inUrl = [...contract.url.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const declared = contract.params instanceof z.ZodObject ? Object.keys(contract.params.shape).sort() : [];
      return JSON.stringify(inUrl) === JSON.stringify(declared) ? [] : [`${routeKey(contract)}: ${inUrl.join(',')} vs ${declared.join(',')}`];
    });
    expect(mismatched).toEqual([]);
  });

  it("give a refusal its status by the route's table, then the shared one; never by its spelling", () => {
    const { contract: history } = allRoutes.find(({ contract }) => contract.url === '/api/emission-factors/:setId/:key/history')!;
    const { contract: calculate } = allRoutes.find(({ contract }) => contract.url === '/api/calculate')!;
    expect([statusOf(history, 'factor_not_found'), statusOf(calculate, 'factor_not_found')]).toEqual([404, 400]);
    expect(statusOf(calculate, 'version_conflict')).toBe(sharedErrors.version_conflict);
    expect(statusOf(calculate, 'something_not_found')).toBeUndefined();
  });

  it("type a route's error table by its decider's refusals", () => {
    // @ts-expect-error a refusal of the decider without a status
    errorTable<DeciderError<typeof currencyRatesDecider>>()({ invalid_rate: 400, invalid_fiscal_year: 400, invalid_currency_unit: 400, currency_rate_exists: 409 });
    // @ts-expect-error a code the decider never answers
    errorTable<'a_not_found'>()({ a_not_found: 404, b_not_found: 404 });
    expect(errorTable<'a_not_found'>()({ a_not_found: 404 })).toEqual({ a_not_found: 404 });
  });
});
