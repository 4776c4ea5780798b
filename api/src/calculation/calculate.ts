import { z } from 'zod';
import { year } from '@ghg/events';
import type { CalculationErrorCode } from '@ghg/domain';
import { defineRoute, errorTable } from '../core/contract';
import { Basis, BatchSummary, CalculationFailure, CalculationSuccess, LineError, Provenance } from './views';

/** The most lines one preview call calculates. */
export const MAX_LINES = 10_000;

/** `lines` must be an array; each line is checked on its own, so one malformed line does not hide the others. */
export const linesArg = z.array(z.unknown()).min(1).max(MAX_LINES);

/** A calculation whose whole context is unusable (the basis, a pinned set) is refused with the engine's code. */
export const contextErrors = errorTable<CalculationErrorCode>()({
  unknown_formula: 400,
  missing_input: 400,
  invalid_input: 400,
  invalid_number: 400,
  invalid_option: 400,
  unknown_unit: 400,
  ambiguous_unit: 400,
  unit_mismatch: 400,
  invalid_factor_unit: 400,
  factor_not_found: 400,
  factor_set_not_pinned: 400,
  factor_kind_mismatch: 400,
  factor_stage_not_allowed: 400,
  gwp_not_found: 400,
  invalid_blend: 400,
  gas_type_mismatch: 400,
  percentage_out_of_range: 400,
  out_of_domain: 400,
  factor_set_not_found: 400,
  gwp_set_not_found: 400,
  invalid_context: 400,
});

/** Preview calculation (docs/api.md, "Preview calculation"). */
export const calculateRoutes = {
  calculate: defineRoute({
    method: 'POST',
    url: '/api/calculate',
    permission: 'company.read',
    summary: "Calculate activity lines under the company's basis; stores nothing",
    description: '`results[i]` answers `lines[i]`; a malformed line is a per-line `invalid_input` error. At most 10,000 lines.',
    body: z.object({ fiscalYear: year().optional(), lines: linesArg, explain: z.boolean().optional() }),
    response: z.strictObject({
      fiscalYear: z.number(),
      basis: Basis,
      results: z.array(z.union([CalculationSuccess, CalculationFailure])),
      errors: z.array(LineError),
      summary: BatchSummary,
      provenance: Provenance,
    }),
    errors: contextErrors,
  }),
};
