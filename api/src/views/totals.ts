import { z } from 'zod';
import { consolidationApproaches, controlApproaches, idText, scopeSettingCategories } from '@ghg/events';
import { queryAsOf, queryInt, queryYear } from '../core/args';
import { defineRoute, errorTable } from '../core/contract';
import { scope2Bases } from '../activity/activityLine';

/**
 * The views' figures (docs/api.md, "Emission totals"): the emissions ledger's totals (read model
 * `emission_totals`), of the selected company or the whole group, grouped as a view asks.
 */

/** What totals can be grouped by; a row carries the value of each dimension asked for. */
export const totalsDimensions = ['company', 'section', 'fiscalYear', 'month', 'scope', 'category', 'formula'] as const;
export type TotalsDimension = (typeof totalsDimensions)[number];

/** The scopes totals fall under: every scope-3 category counts under '3'; water on its own. */
export const totalsScopes = ['1', '2', '3', 'water'] as const;

/** The consolidation approaches are the group's (@ghg/events); named here too for the views' callers. */
export { consolidationApproaches, type ConsolidationApproach } from '@ghg/events';

/** The most fiscal years one call totals (five years side by side, with room). */
export const MAX_TOTALS_YEARS = 10;

/** `a,b,c` in a query string: each a dimension, none twice. */
const dimensionList = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    const dims = text === '' ? [] : text.split(',');
    for (const d of dims) if (!(totalsDimensions as readonly string[]).includes(d)) ctx.addIssue({ code: 'custom', message: `unknown dimension ${d}` });
    if (new Set(dims).size !== dims.length) ctx.addIssue({ code: 'custom', message: 'a dimension named twice' });
    return dims as TotalsDimension[];
  });

const co2eKg = z.number().meta({ description: 'kg CO2e, gross: offsets are never netted in (see `offsets`).' });
const lines = z.number().int().meta({ description: 'How many activity lines the figure sums.' });

/** One group of the totals: the value of each dimension asked for (absent: not asked), and its sums. */
export const TotalsRow = z.strictObject({
  companyId: z.string().optional(),
  sectionId: z.string().optional(),
  fiscalYear: z.number().int().optional(),
  month: z.number().int().meta({ description: 'Fiscal month, 1 (the first month of the fiscal year) to 12.' }).optional(),
  scope: z.enum(totalsScopes).optional(),
  scopeCategory: z.enum(scopeSettingCategories).optional(),
  formulaId: z.string().optional(),
  co2eKg,
  lines,
  /** Scope-2 lines with no figure on the basis asked for (left out of co2eKg). */
  withoutBasis: z.number().int(),
});

export const viewRoutes = {
  totals: defineRoute({
    method: 'GET',
    url: '/api/emission-totals',
    permission: 'company.read',
    summary: 'Emission totals of the selected company or the whole group, grouped by company, section, fiscal year, month, scope, category or method',
    description:
      "Sums the emissions ledger's totals (never its lines) for the fiscal years `fromYear`–`toYear`. `of=company` (default): the selected company, of a section and its descendants when `sectionId` is given; `of=group`: every company the caller may read, each weighted by the consolidation `approach` (absent: the one the group chose, named in the answer; equity share: the company's equity share; operational or financial control: 100 % of the companies the group controls that way, none of the others). Scope 2 sums each line's figure on `basis`; `withoutBasis` counts the scope-2 lines with no figure on it. `groupBy` lists the dimensions (comma-separated); no dimension gives one row, the total. `offsets` is the offset credits used in each fiscal year, beside the gross totals, never subtracted. `asOf` (a commit position or an ISO date-time): the ledger's figures as they stood then, from the temporal ledger (every version of every line with the positions it was valid between); the companies, their weights, the section tree and the offsets are today's.",
    query: z.object({
      fromYear: queryYear(),
      toYear: queryYear().optional(),
      of: z.enum(['company', 'group']).default('company'),
      sectionId: idText().optional(),
      basis: z.enum(scope2Bases).default('location'),
      /** Absent: the approach the group chose (POST /api/group/consolidation-approach; never chosen: operational). */
      approach: z.enum(consolidationApproaches).optional(),
      groupBy: dimensionList.default([]),
      /** Only these categories (comma-separated), e.g. a scope detail page's. */
      categories: z
        .string()
        .max(200)
        .transform((text, ctx) => {
          const list = text === '' ? [] : text.split(',');
          for (const c of list) if (!(scopeSettingCategories as readonly string[]).includes(c)) ctx.addIssue({ code: 'custom', message: `unknown category ${c}` });
          return list as (typeof scopeSettingCategories)[number][];
        })
        .optional(),
      /** At most this many rows, largest first (0: all). */
      limit: queryInt(0, 100_000).default(0),
      /** The ledger's figures as they stood at this moment (the temporal ledger) instead of now. */
      asOf: queryAsOf().optional(),
    }),
    response: z.strictObject({
      fromYear: z.number().int(),
      toYear: z.number().int(),
      of: z.enum(['company', 'group']),
      basis: z.enum(scope2Bases),
      /** The approach the group's figures are consolidated by (`of=group`), else null. */
      approach: z.enum(consolidationApproaches).nullable(),
      sectionId: z.string().nullable(),
      /** The commit position the figures stand at when `asOf` was asked, else null (now). */
      asOf: z.string().nullable(),
      /** Each company's weight in the figures: 1 for a company of its own, its share or 0/1 in a group. */
      companies: z.array(z.strictObject({ companyId: z.string(), name: z.string(), region: z.string().nullable(), weight: z.number(), controlApproach: z.enum(controlApproaches), equitySharePercent: z.number() })),
      rows: z.array(TotalsRow),
      total: z.strictObject({ co2eKg, lines, withoutBasis: z.number().int() }),
      /** Offset credits used (invalidated or transferred) in each fiscal year, in kg, weighted like the emissions. */
      offsets: z.array(z.strictObject({ fiscalYear: z.number().int(), co2eKg: z.number(), records: z.number().int() })),
    }),
    errors: errorTable<'invalid_year_range' | 'unknown_section' | 'as_of_ahead'>()({ invalid_year_range: 400, unknown_section: 400, as_of_ahead: 409 }),
  }),
};
