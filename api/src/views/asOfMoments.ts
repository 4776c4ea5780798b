import { z } from 'zod';
import { queryAsOf, queryInt } from '../core/args';
import { defineRoute, noErrors } from '../core/contract';

/**
 * The moments the selected company's figures changed, for the as-of time slider of the views and
 * reports (issue 16 §1; docs/api.md, "As of a moment"): each a commit position an `asOf` can name.
 */

/** The most moments one answer holds; a longer history is thinned evenly to the `limit` asked for. */
export const MAX_AS_OF_MOMENTS = 500;
/** The fewest a thinned answer can keep: the first moment, the one before the newest and the newest. */
export const MIN_AS_OF_MOMENTS = 3;
export const DEFAULT_AS_OF_MOMENTS = 300;

export const AsOfMoment = z.strictObject({
  position: z.string().regex(/^\d+$/).meta({ description: 'The commit position: `asOf=<position>` shows the figures as they stood right after it.' }),
  at: z.string().meta({ description: 'When it happened (ISO 8601, UTC).' }),
  lines: z.number().int().meta({ description: 'Ledger lines recorded, changed, recalculated or removed at this position.' }),
  reports: z.number().int().meta({ description: 'Reports filed and base-year records made from this position.' }),
  records: z.number().int().meta({ description: 'Organisation and settings records changed at this position (a section, the company, an offset, a certificate, a goal, a flag, an intensity, a scope setting, the fiscal year).' }),
});

export const asOfMomentRoutes = {
  moments: defineRoute({
    method: 'GET',
    url: '/api/as-of/moments',
    permission: 'company.read',
    summary: "The moments the selected company's figures changed (its ledger changes, organisation and settings changes, filed reports and base-year records), for an as-of time slider",
    description:
      "Every commit position at which a line of the selected company's emissions ledger changed, or one of its organisation or settings records (what the views read as of a moment besides the lines), or from which one of its reports was filed or a base-year record made, in position order, each with its time; only positions the temporal ledger reflects (up to `reflected`). `from` and `to` (a commit position or an ISO date-time, both inclusive) narrow the range. When the range holds more than `limit` moments, `limit` of them are answered, spread evenly by rank over all but the newest, plus the newest (so the first, the one before the newest and the newest are always there); `count` says how many there were and `thinned` that some were left out. Another company's moments are never answered.",
    query: z.object({
      from: queryAsOf().optional(),
      to: queryAsOf().optional(),
      limit: queryInt(MIN_AS_OF_MOMENTS, MAX_AS_OF_MOMENTS).default(DEFAULT_AS_OF_MOMENTS),
    }),
    response: z.strictObject({
      moments: z.array(AsOfMoment),
      count: z.number().int().meta({ description: 'How many moments the range holds before thinning.' }),
      thinned: z.boolean(),
      reflected: z.string().regex(/^\d+$/).meta({ description: 'The newest commit position the temporal ledger reflects: the figures of now.' }),
    }),
    errors: noErrors,
  }),
};
