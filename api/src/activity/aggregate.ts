import { z } from 'zod';
import { idText, scopeSettingCategories } from '@ghg/events';
import { queryYear } from '../core/args';
import { defineRoute, noErrors } from '../core/contract';
import { scope2Bases } from './activityLine';

/** The scopes the aggregate totals by: every scope-3 category counts under '3'; water on its own. */
export const aggregateScopes = ['1', '2', '3', 'water'] as const;

const co2eKg = z.number().meta({ description: 'kg CO2e, gross: offsets and certificates are never netted in.' });
const lines = z.number().int().meta({ description: 'How many activity lines the figure sums.' });
const share = z.number().meta({ description: "The figure's part of the total, 0 to 1 (0 when the total is 0)." });

/** The emissions ledger totalled for one fiscal year (docs/api.md, "Emissions aggregate"). */
export const aggregateRoutes = {
  get: defineRoute({
    method: 'GET',
    url: '/api/emission-aggregate',
    permission: 'company.read',
    summary: "The selected company's emissions of one fiscal year, totalled by scope and category (gross; scope 2 on one basis)",
    description:
      'Sums the emissions ledger of the fiscal year, of a section and its descendants when `sectionId` is given. Scope 2 sums each line\'s figure on `basis` (location by default): a line carries both, so nothing is counted twice; `scope2WithoutBasis` counts the scope-2 lines that have no figure on it (a market-based line that names no grid-average factor). Offsets and non-fossil certificates are never netted into these totals: `offsets` is the fiscal year\'s offset credits (company-wide, whatever the section) as a separate figure beside the gross total.',
    query: z.object({
      fiscalYear: queryYear(),
      /** A section: only its lines and its descendants'. */
      sectionId: idText().optional(),
      basis: z.enum(scope2Bases).default('location'),
    }),
    response: z.strictObject({
      fiscalYear: z.number(),
      basis: z.enum(scope2Bases),
      sectionId: z.string().nullable(),
      total: z.strictObject({ co2eKg, lines }),
      /** Every scope, zero where it has no lines. */
      byScope: z.array(z.strictObject({ scope: z.enum(aggregateScopes), co2eKg, lines, share })),
      /** The categories that have lines, in catalogue order. */
      byCategory: z.array(z.strictObject({ scopeCategory: z.enum(scopeSettingCategories), co2eKg, lines, share })),
      /** Offset credits used (invalidated or transferred) in the fiscal year, company-wide: shown beside the total, never subtracted from it. */
      offsets: z.strictObject({
        co2eKg: z.number().meta({ description: 'The credits in kg CO2 (the offsets are recorded in t-CO2).' }),
        records: z.number().int(),
      }),
      /** Scope-2 lines of the year left out of the totals because they have no figure on `basis`. */
      scope2WithoutBasis: z.number().int(),
    }),
    errors: noErrors,
  }),
};
