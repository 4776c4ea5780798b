import { z } from 'zod';
import type { intensitiesDecider } from '@ghg/domain';
import { asOfErrors, expectedVersionArg, IdParam, listAsOfQuery, optionalId, RemoveArgs, textArg } from '../core/args';
import { defineRoute, errorTable, type DeciderError } from '../core/contract';

const errors = errorTable<DeciderError<typeof intensitiesDecider>>()({
  invalid_name: 400,
  invalid_unit: 400,
  intensity_exists: 409,
  intensity_not_found: 404,
  intensity_in_use: 400,
});

const Intensity = z.strictObject({ id: z.string(), name: z.string(), unit: z.string(), version: z.number() });

/** The intensity master: the denominators of intensities (docs/api.md, "Intensity master"). */
export const intensityRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/intensity',
    permission: 'company.read',
    summary: "The selected company's intensities, by name (as of a moment with `asOf`)",
    query: z.object(listAsOfQuery),
    response: z.strictObject({ intensities: z.array(Intensity) }),
    errors: asOfErrors,
  }),
  save: defineRoute({
    method: 'POST',
    url: '/api/intensity',
    permission: 'company.configure',
    summary: 'Add an intensity (no id) or change one',
    body: z.object({ id: optionalId, name: textArg, unit: textArg, expectedVersion: expectedVersionArg }),
    response: z.strictObject({ intensity: Intensity.nullable() }),
    errors,
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/intensity/:id',
    permission: 'company.configure',
    summary: 'Delete an intensity without values; answers it as it was',
    params: IdParam,
    body: RemoveArgs,
    response: z.strictObject({ intensity: Intensity.nullable() }),
    errors,
  }),
};
