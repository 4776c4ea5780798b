import { z } from 'zod';
import type { offsetsDecider } from '@ghg/domain';
import { expectedVersionArg, IdParam, numberArg, optionalId, RemoveArgs, textArg } from '../core/args';
import { defineRoute, errorTable, noErrors, type DeciderError } from '../core/contract';

const errors = errorTable<DeciderError<typeof offsetsDecider>>()({
  invalid_offset_type: 400,
  invalid_auth_type: 400,
  invalid_serial_number: 400,
  invalid_serial_range: 400,
  invalid_quantity: 400,
  invalid_date: 400,
  offset_serial_overlap: 409,
  offset_not_found: 404,
});

const Offset = z.strictObject({
  id: z.string(),
  type: z.string(),
  particularNumberFrom: z.string(),
  particularNumberTo: z.string(),
  /** t-CO2. */
  invalidOrRelocationQuantity: z.number(),
  invalidOrRelocationDate: z.string(),
  authType: z.string(),
  version: z.number(),
});

/** Offsets: credits invalidated or transferred (docs/api.md, "Offsets"). */
export const offsetRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/offset',
    permission: 'company.read',
    summary: "The selected company's offsets, newest date first",
    response: z.strictObject({ offsets: z.array(Offset) }),
    errors: noErrors,
  }),
  save: defineRoute({
    method: 'POST',
    url: '/api/offset',
    permission: 'targets.write',
    summary: 'Add an offset (no id) or change one; every field is required',
    body: z.object({
      id: optionalId,
      type: textArg,
      particularNumberFrom: textArg,
      particularNumberTo: textArg,
      invalidOrRelocationQuantity: numberArg,
      invalidOrRelocationDate: textArg,
      authType: textArg,
      expectedVersion: expectedVersionArg,
    }),
    response: z.strictObject({ offset: Offset.nullable() }),
    errors,
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/offset/:id',
    permission: 'targets.write',
    summary: 'Delete an offset; answers it as it was',
    params: IdParam,
    body: RemoveArgs,
    response: z.strictObject({ offset: Offset.nullable() }),
    errors,
  }),
};
