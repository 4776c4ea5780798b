import { z } from 'zod';
import { pathText, queryInt, queryText, queryYear, Labels } from '../core/args';
import { defineRoute, errorTable, noErrors } from '../core/contract';
import { Factor } from './views';

/** The library's filters, paging and sort. */
export const FactorListQuery = z.object({
  q: queryText().optional(),
  set: queryText().optional(),
  version: queryText().optional(),
  year: queryYear().optional(),
  category: queryText().optional(),
  scope: z.enum(['1', '2', '3']).optional(),
  unit: queryText().optional(),
  origin: z.enum(['shipped', 'company']).optional(),
  page: queryInt(1, 1_000_000).default(1),
  pageSize: queryInt(1, 500).default(50),
  sort: z.enum(['key', 'label', 'set', 'year', 'value', 'unit']).default('set'),
  order: z.enum(['asc', 'desc']).default('asc'),
  lang: z.enum(['ja', 'en', 'zhHans']).optional(),
});

/** The emission-factor library: shipped sets and the company's own (docs/api.md, "Factor library"). */
export const factorLibraryRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/emission-factors',
    permission: 'company.read',
    summary: 'Factors of every shipped and company set, filtered, sorted and paged by the server',
    query: FactorListQuery,
    response: z.strictObject({ emissionFactors: z.array(Factor), total: z.number(), page: z.number(), pageSize: z.number() }),
    errors: noErrors,
  }),
  history: defineRoute({
    method: 'GET',
    url: '/api/emission-factors/:setId/:key/history',
    permission: 'company.read',
    summary: "Every version of one factor: shipped publications or a company factor's successive values",
    params: z.object({ setId: pathText(), key: pathText() }),
    response: z.strictObject({
      ref: z.string(),
      origin: z.enum(['shipped', 'company']),
      versions: z.array(
        Factor.extend({ fromVersion: z.string(), toVersion: z.string().nullable(), publishedAt: z.string().nullable(), removed: z.boolean() }),
      ),
    }),
    errors: errorTable<'factor_not_found' | 'factor_set_not_found'>()({ factor_not_found: 404, factor_set_not_found: 404 }),
  }),
  sets: defineRoute({
    method: 'GET',
    url: '/api/emission-factor-sets',
    permission: 'company.read',
    summary: 'The factor sets a basis can pin, with their versions, citation and licence',
    response: z.strictObject({
      factorSets: z.array(
        z.strictObject({
          setId: z.string(),
          version: z.string(),
          origin: z.enum(['shipped', 'company']),
          year: z.number(),
          validFrom: z.string().nullable(),
          validTo: z.string().nullable(),
          entryCount: z.number(),
          publishedAt: z.string().nullable(),
          title: Labels,
          publisher: z.string(),
          citation: z.string(),
          licence: z.string(),
        }),
      ),
    }),
    errors: noErrors,
  }),
};
