import { z } from 'zod';
import { defineRoute, noErrors } from '../core/contract';

const HealthReport = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  projections: z.array(
    z.strictObject({
      name: z.string(),
      status: z.enum(['ok', 'failed']),
      /** The log position (`commit/prepare`) applied up to; null before the first event. */
      checkpoint: z.string().nullable(),
      /** Administrators only (`users.manage`), for failures of their own group. */
      failure: z
        .strictObject({
          position: z.string().nullable(),
          eventId: z.string().nullable(),
          eventType: z.string().nullable(),
          streamId: z.string().nullable(),
          error: z.string(),
          attempts: z.number(),
          firstFailedAt: z.string(),
          lastFailedAt: z.string(),
        })
        .optional(),
    }),
  ),
});

/** Health of the read models (docs/api.md, "Health"; docs/operations.md). */
export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    url: '/api/health',
    permission: 'public',
    summary: 'Whether every projection applies the log (200) or one is marked failed (503)',
    description: 'Never 401: a bad token gets the public answer. An administrator also sees the failure of each failed projection of their group.',
    response: HealthReport,
    otherResponses: { 503: HealthReport },
    errors: noErrors,
  }),
};
