import { z } from 'zod';
import { boundedList, idText } from '@ghg/events';
import type { groupFlagsDecider } from '@ghg/domain';
import { asOfErrors, expectedVersionArg, IdParam, listAsOfQuery, optionalId, pathText, RemoveArgs, textArg } from '../core/args';
import { defineRoute, errorTable, type DeciderError } from '../core/contract';

const errors = errorTable<DeciderError<typeof groupFlagsDecider>>()({
  invalid_name: 400,
  group_flag_exists: 409,
  unknown_section: 400,
  group_flag_not_found: 404,
});

/** A flag with its registered organizations. */
const GroupFlag = z.strictObject({
  id: z.string(),
  name: z.string(),
  sectionIds: z.array(z.string()),
  sections: z.array(z.strictObject({ id: z.string(), name: z.string().nullable(), displayName: z.string().nullable() })),
  version: z.number(),
});
const SavedFlag = z.strictObject({ id: z.string(), name: z.string(), sectionIds: z.array(z.string()), version: z.number() });

/** Group flags and the sections registered to them (docs/api.md, "Group flags"). */
export const groupFlagRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/group-flag',
    permission: 'company.read',
    summary: "The selected company's flags, by name (as of a moment with `asOf`)",
    query: z.object(listAsOfQuery),
    response: z.strictObject({ groupFlags: z.array(GroupFlag) }),
    errors: asOfErrors,
  }),
  get: defineRoute({
    method: 'GET',
    url: '/api/group-flag/:id',
    permission: 'company.read',
    summary: 'One flag',
    params: z.object({ id: pathText() }),
    response: z.strictObject({ groupFlag: GroupFlag }),
    errors: errorTable<'group_flag_not_found'>()({ group_flag_not_found: 404 }),
  }),
  save: defineRoute({
    method: 'POST',
    url: '/api/group-flag',
    permission: 'company.configure',
    summary: 'Create a flag (no id), rename it and/or set its sections (the whole list)',
    body: z.object({
      id: optionalId,
      name: textArg,
      /** The registered organizations (company-section ids), the whole list; absent: unchanged. */
      sectionIds: boundedList(idText()).optional(),
      expectedVersion: expectedVersionArg,
    }),
    response: z.strictObject({ groupFlag: SavedFlag.nullable() }),
    errors,
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/group-flag/:id',
    permission: 'company.configure',
    summary: 'Delete a flag; answers it as it was',
    params: IdParam,
    body: RemoveArgs,
    response: z.strictObject({ groupFlag: SavedFlag.nullable() }),
    errors,
  }),
};
