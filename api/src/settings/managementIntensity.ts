import { z } from 'zod';
import { idText } from '@ghg/events';
import type { managementIntensitiesDecider } from '@ghg/domain';
import { asOfErrors, expectedVersionArg, IdParam, listAsOfQuery, numberArg, optionalId, queryYear, RemoveArgs } from '../core/args';
import { defineRoute, errorTable, type DeciderError } from '../core/contract';

const errors = errorTable<DeciderError<typeof managementIntensitiesDecider>>()({
  unknown_intensity: 400,
  invalid_fiscal_year: 400,
  invalid_value: 400,
  management_intensity_exists: 409,
  management_intensity_not_found: 404,
});

const Saved = z.strictObject({ id: z.string(), intensityId: z.string(), fiscalYear: z.number(), value: z.number(), version: z.number() });

/** Management intensity: an intensity's denominator value per fiscal year (docs/api.md). */
export const managementIntensityRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/management-intensity',
    permission: 'company.read',
    summary: 'Values per intensity and fiscal year, of one year or all (as of a moment with `asOf`)',
    query: z.object({ fiscalYear: queryYear().optional(), ...listAsOfQuery }),
    response: z.strictObject({
      managementIntensities: z.array(
        z.strictObject({
          id: z.string(),
          intensityId: z.string(),
          intensityName: z.string().nullable(),
          unit: z.string().nullable(),
          fiscalYear: z.number(),
          value: z.number(),
          version: z.number(),
        }),
      ),
    }),
    errors: asOfErrors,
  }),
  save: defineRoute({
    method: 'POST',
    url: '/api/management-intensity',
    permission: 'targets.write',
    summary: 'Add a value (no id) or change one',
    body: z.object({ id: optionalId, intensityId: idText(), fiscalYear: numberArg, value: numberArg, expectedVersion: expectedVersionArg }),
    response: z.strictObject({ managementIntensity: Saved.nullable() }),
    errors,
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/management-intensity/:id',
    permission: 'targets.write',
    summary: 'Delete a value; answers it as it was',
    params: IdParam,
    body: RemoveArgs,
    response: z.strictObject({ managementIntensity: Saved.nullable() }),
    errors,
  }),
};
