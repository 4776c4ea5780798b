import { z } from 'zod';
import { baseYearRestatementReasons, longText } from '@ghg/events';
import { queryPosition } from '../core/args';
import { defineRoute, errorTable, noErrors } from '../core/contract';
import { CauseSummary, ChangedLine, GhgInventory, kg, position, sha256 } from './reports';

/**
 * The base year and its recalculation (docs/api.md, "Base year"; GHG Protocol Corporate
 * Standard, ch. 5): the base year's inventory as recorded, each restatement, and how far the
 * base year as it would be now has moved from the latest record.
 */

const Figures = z.strictObject({ scope1Kg: kg, scope2LocationKg: kg, scope2MarketKg: kg, scope3Kg: kg, totalKg: kg, lines: z.number().int() });

const BaseYearRecord = z.strictObject({
  kind: z.enum(['set', 'restated']),
  position,
  sha256,
  figures: Figures,
  previousPosition: position.nullable(),
  reason: z.enum(baseYearRestatementReasons).nullable(),
  note: z.string().nullable(),
  recordedAt: z.string(),
  recordedBy: z.string().nullable(),
  recordedByName: z.string().nullable(),
});

const recordErrors = errorTable<'base_year_not_set' | 'restatement_not_later' | 'restatement_unchanged' | 'note_required' | 'report_changed' | 'as_of_ahead'>()({
  base_year_not_set: 409,
  restatement_not_later: 409,
  restatement_unchanged: 409,
  note_required: 400,
  report_changed: 409,
  as_of_ahead: 409,
});

export const baseYearRoutes = {
  get: defineRoute({
    method: 'GET',
    url: '/api/base-year',
    permission: 'company.read',
    summary: "The selected company's base year: its records, the base year as it would be now, and whether it moved by more than the threshold",
    response: z.strictObject({
      baseYear: z.number().int().nullable(),
      thresholdPercent: z.number(),
      /** Oldest first: the base year as set, then each restatement. */
      records: z.array(BaseYearRecord),
      /** The base year's inventory as of now (null while no base year is set). */
      now: z.strictObject({ content: GhgInventory, sha256, figures: Figures }).nullable(),
      /** Now against the latest record: the total's change, in kg and % of the recorded total, and whether it passes the threshold. */
      change: z.strictObject({ changeKg: kg, changePercent: z.number().nullable(), significant: z.boolean() }).nullable(),
      /** The lines that differ from the latest record, largest first, with the events that changed them. */
      lines: z.array(ChangedLine),
      moreLines: z.number().int(),
      /** What moved it, by cause, over every differing line. */
      causes: CauseSummary,
    }),
    errors: noErrors,
  }),
  set: defineRoute({
    method: 'POST',
    url: '/api/base-year',
    permission: 'company.configure',
    summary: "Set the base year: record its inventory as shown at `position` (whose hash must be `sha256`) and the significance threshold",
    body: z.object({
      baseYear: z.number().int().min(1900).max(2200),
      thresholdPercent: z.number().min(0.1).max(100).optional(),
      position: queryPosition(),
      sha256,
    }),
    response: z.strictObject({ record: BaseYearRecord }),
    errors: recordErrors,
  }),
  restate: defineRoute({
    method: 'POST',
    url: '/api/base-year/restate',
    permission: 'company.configure',
    summary: 'Recalculate the base year: record its inventory as shown at `position` as a restatement, with the reason and a note',
    body: z.object({ position: queryPosition(), sha256, reason: z.enum(baseYearRestatementReasons), note: longText() }),
    response: z.strictObject({ record: BaseYearRecord }),
    errors: recordErrors,
  }),
};
