import { z } from 'zod';
import { isoDate, roles, shortText } from '@ghg/events';
import type { apiTokenDecider } from '@ghg/domain';
import { IdParam } from '../core/args';
import { defineRoute, errorTable, noErrors, type DeciderError } from '../core/contract';

const ApiTokenView = z.strictObject({
  id: z.string(),
  name: z.string(),
  role: z.enum(roles),
  companyId: z.string(),
  createdBy: z.string(),
  /** The creator's name as the users list has it (null: not in the read model). */
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  expiresOn: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** active, expired or revoked, today (UTC). */
  status: z.enum(['active', 'expired', 'revoked']),
});

const apiTokenErrors = errorTable<DeciderError<typeof apiTokenDecider>>()({
  token_exists: 409,
  token_not_found: 404,
  company_not_allowed: 400,
  expiry_in_past: 400,
});

/**
 * Personal API tokens (docs/api.md, "API clients"): an administrator creates one for a role in the
 * selected company; it is shown once and stored only as a hash. A client sends it as
 * `Authorization: Bearer ghg_…` to any route its role may call, except user, token, group and
 * account management.
 */
export const apiTokenRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/api-tokens',
    permission: 'users.manage',
    summary: "The selected company's API tokens, newest first (never their secrets)",
    response: z.strictObject({ tokens: z.array(ApiTokenView) }),
    errors: noErrors,
  }),
  create: defineRoute({
    method: 'POST',
    url: '/api/api-tokens',
    permission: 'users.manage',
    summary: 'Create an API token for a role in the selected company; the answer holds the token, shown this once',
    body: z.strictObject({ name: shortText().min(1), role: z.enum(roles), expiresOn: isoDate().nullable().default(null) }),
    response: z.strictObject({ token: ApiTokenView, secret: z.string() }),
    errors: apiTokenErrors,
  }),
  revoke: defineRoute({
    method: 'POST',
    url: '/api/api-tokens/:id/revoke',
    permission: 'users.manage',
    summary: 'Revoke an API token: it stops working at once; revoking again changes nothing',
    params: IdParam,
    response: z.strictObject({ token: ApiTokenView }),
    errors: apiTokenErrors,
  }),
};
