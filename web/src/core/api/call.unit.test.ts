import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencyRoutes, factorLibraryRoutes, fiscalYearRoutes, userRoutes } from '@ghg/api';
import { AnswerMismatchError, call, pathOf, savedRecord } from './call';
import { ApiError } from './client';

/** Answers every fetch with `body` and records what was asked. */
function answer(body: unknown, status = 200) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

const rate = { id: 'r1', fiscalYear: 2025, currencyUnit: 'USD', rate: 151.25, version: 0 };

describe('calls through route contracts', () => {
  it('builds the URL from the contract: path parameters encoded, query values as numerals, blanks left out', async () => {
    expect(pathOf(userRoutes.changeAccess.url, { id: 'u 1/2' })).toBe('/api/users/u%201%2F2/access');
    expect(pathOf(factorLibraryRoutes.history.url, { setId: 'jp-shk', key: 'fuel.diesel' })).toBe('/api/emission-factors/jp-shk/fuel.diesel/history');
    expect(() => pathOf(userRoutes.changeAccess.url, {})).toThrow('path parameter id is missing');

    const currencies = answer({ currencies: [rate] });
    await call(currencyRoutes.list, { query: { fiscalYear: 2025 } });
    const factors = answer({ emissionFactors: [], total: 0, page: 2, pageSize: 50 });
    await call(factorLibraryRoutes.list, { query: { page: 2, pageSize: 50, sort: 'key', order: 'desc', q: '', set: undefined } });
    expect([...currencies.mock.calls, ...factors.mock.calls].map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /api/currency?fiscalYear=2025',
      'GET /api/emission-factors?page=2&pageSize=50&sort=key&order=desc',
    ]);
  });

  it('sends the body as JSON with the method of the contract (a POST without one sends {})', async () => {
    const deactivate = answer({ user: { id: 'u1', email: 'a@b.c', name: 'A', role: 'viewer', sectionId: null, companyIds: ['c'], allCompanies: false, active: false, language: 'ja' } });
    await call(userRoutes.deactivate, { params: { id: 'u1' } });
    const remove = answer({ currency: rate });
    await call(currencyRoutes.remove, { params: { id: 'r1' }, body: { expectedVersion: 3 } });
    const sent = (fetch: typeof remove) => fetch.mock.calls.map(([url, init]) => [init.method, url, init.body]);
    expect(sent(deactivate)).toEqual([['POST', '/api/users/u1/deactivate', '{}']]);
    expect(sent(remove)).toEqual([['DELETE', '/api/currency/r1', '{"expectedVersion":3}']]);
  });

  it('returns the answer parsed by the response schema', async () => {
    answer({ fiscalYear: { fiscalYearId: 'f1', startMonth: 4, version: 2 } });
    await expect(call(fiscalYearRoutes.get)).resolves.toEqual({ fiscalYear: { fiscalYearId: 'f1', startMonth: 4, version: 2 } });
  });

  it('refuses, in development, an answer outside the contract, naming the route and the field', async () => {
    answer({ currencies: [{ ...rate, rate: '151.25' }] });
    const refused = call(currencyRoutes.list);
    await expect(refused).rejects.toBeInstanceOf(AnswerMismatchError);
    await expect(refused).rejects.toThrow(/^GET \/api\/currency answered outside its contract: currencies\.0\.rate: /);
    answer({ currencies: [rate], extra: true });
    await expect(call(currencyRoutes.list)).rejects.toThrow(/GET \/api\/currency answered outside its contract/);
  });

  it('throws a refusal as ApiError with its status, code and fields, unparsed', async () => {
    answer({ message: 'invalid args', code: 'invalid_args', fields: ['rate'] }, 400);
    const refused = await call(currencyRoutes.save, { body: { fiscalYear: 2025, currencyUnit: 'USD', rate: -1 } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, code: 'invalid_args', fields: ['rate'] });
  });

  it('says so when a save answers no record', () => {
    expect(savedRecord(rate, currencyRoutes.save)).toBe(rate);
    expect(() => savedRecord(null, currencyRoutes.save)).toThrow('POST /api/currency answered no record after saving');
  });
});
