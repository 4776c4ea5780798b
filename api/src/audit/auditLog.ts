import { z } from 'zod';
import { idText } from '@ghg/events';
import { queryInt, queryPosition } from '../core/args';
import { defineRoute, noErrors } from '../core/contract';

/** One changed field of an audited record. */
const Change = z.strictObject({ field: z.string(), before: z.unknown(), after: z.unknown() });

/** The audit log of the selected company (docs/api.md, "Audit"). */
export const auditLogRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/auditlog',
    permission: 'auditlog.read',
    summary: 'Audited events of the selected company, newest first, a page at a time',
    query: z.object({
      limit: queryInt(1, 500).default(50),
      before: queryPosition().optional(),
      /** Only the entries of one area (`activity/lines`, `calculation/basis` …), filtered on the server so a page is full. */
      topic: idText().optional(),
      /** Only one record's history (an activity line's deal id, a rate's id …). */
      entityId: idText().optional(),
      /** Only what one command or one import did (its correlation id, as each entry names it). */
      correlationId: idText().optional(),
    }),
    response: z.strictObject({
      entries: z.array(
        z.strictObject({
          id: z.string(),
          /** Log position (text: it may exceed 2^53). */
          position: z.string(),
          occurredAt: z.string(),
          /** null for system actions (the demo seed). */
          actor: z.strictObject({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
          type: z.string(),
          topic: z.string(),
          entityId: z.string().nullable(),
          /** The command or import that caused it (the X-Correlation-Id a client sent, or one the server made). */
          correlationId: z.string().nullable(),
          /** The personal API token the command came through (its creator is the actor), with its name. */
          apiToken: z.strictObject({ id: z.string(), name: z.string().nullable() }).nullable(),
          changes: z.array(Change),
        }),
      ),
      /** The `before` of the next page; null on the last. */
      nextBefore: z.string().nullable(),
    }),
    errors: noErrors,
  }),
};
