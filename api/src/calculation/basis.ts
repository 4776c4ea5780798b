import { z } from 'zod';
import { boundedRecord, idText, longText } from '@ghg/events';
import type { calculationBasisDecider } from '@ghg/domain';
import { expectedVersionArg, numberArg, queryYear } from '../core/args';
import { defineRoute, errorTable, noErrors, type DeciderError } from '../core/contract';
import { linesArg } from './calculate';
import { Basis, BasisSide, LineOutcome } from './views';

const errors = errorTable<DeciderError<typeof calculationBasisDecider>>()({
  invalid_fiscal_year: 400,
  unknown_gwp_set: 400,
  unknown_factor_set: 400,
  unknown_factor_set_version: 400,
  invalid_reason: 400,
});

const basisChanges = {
  fiscalYear: numberArg,
  gwpSet: idText().optional(),
  /** Set id → version to pin, or null to unpin; sets not named keep their pin. */
  factorSets: boundedRecord(idText(), idText().nullable()).optional(),
  reason: longText().optional(),
};

/** The calculation basis of each fiscal year (docs/api.md, "Calculation basis"). */
export const basisRoutes = {
  get: defineRoute({
    method: 'GET',
    url: '/api/calculation-basis',
    permission: 'company.read',
    summary: "A fiscal year's basis (the default it would get while it has none), or every stored year's",
    query: z.object({ fiscalYear: queryYear().optional() }),
    response: z.union([z.strictObject({ calculationBasis: Basis }), z.strictObject({ calculationBases: z.array(Basis) })]),
    errors: noErrors,
  }),
  set: defineRoute({
    method: 'POST',
    url: '/api/calculation-basis',
    permission: 'company.configure',
    summary: "Fix a fiscal year's basis, or restate it (audited with before and after); the year's activity lines are calculated again under it",
    description:
      "After the basis is stored, every activity line of the fiscal year not yet calculated on this basis version is calculated again from its own inputs and recorded as an `ActivityLineRecalculated` event (audited); `recalculation` counts them. A line the new basis cannot calculate (a factor the pinned version lacks, a validity that does not reach the year) keeps its results and is listed in `refused` with its code and field; saving the same basis again retries the lines not yet on it and leaves the others alone.",
    body: z.object({ ...basisChanges, expectedVersion: expectedVersionArg }),
    response: z.strictObject({
      calculationBasis: Basis,
      changed: z.boolean(),
      recalculation: z.strictObject({
        recalculated: z.number().int(),
        unchanged: z.number().int(),
        refused: z.array(z.strictObject({ dealId: z.string(), error: z.string(), field: z.string() })),
      }),
    }),
    errors,
  }),
  preview: defineRoute({
    method: 'POST',
    url: '/api/calculation-basis/preview',
    permission: 'company.read',
    summary: 'Activity lines under the stored basis and under a proposed change; appends nothing',
    body: z.object({ ...basisChanges, lines: linesArg }),
    response: z.strictObject({
      fiscalYear: z.number(),
      before: BasisSide.extend({ version: z.number(), isDefault: z.boolean() }),
      after: BasisSide,
      changed: z.boolean(),
      lines: z.array(
        z.strictObject({
          index: z.number(),
          lineId: z.string(),
          before: LineOutcome,
          after: LineOutcome,
          /** after − before, kg CO2e; null unless both succeeded. */
          deltaKg: z.number().nullable(),
        }),
      ),
      totals: z.strictObject({ beforeKg: z.number(), afterKg: z.number(), deltaKg: z.number() }),
    }),
    errors,
  }),
};
