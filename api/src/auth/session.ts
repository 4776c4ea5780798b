import { z } from 'zod';
import { boundedText, idText, shortText } from '@ghg/events';
import type { userDecider } from '@ghg/domain';
import { Ok } from '../core/args';
import { defineRoute, errorTable, noErrors, type DeciderError } from '../core/contract';

/** Long passphrases fit; a megabyte "password" does not get hashed. */
export const MAX_PASSWORD_LENGTH = 1000;

/** Every refusal of the user's decider, with its status (shared by the routes that run it). */
export const userErrors = errorTable<DeciderError<typeof userDecider>>()({
  user_exists: 409,
  user_not_found: 404,
  user_inactive: 400,
  invalid_email: 400,
  invalid_name: 400,
  invalid_language: 400,
  invalid_role: 400,
  company_not_allowed: 400,
  no_company: 400,
  cannot_change_own_access: 400,
  invalid_reset_token: 400,
  password_too_short: 400,
  user_not_manageable: 403,
  unknown_company: 400,
  unknown_section: 400,
  last_group_admin: 409,
});

const password = () => boundedText(MAX_PASSWORD_LENGTH, 1);

/** Login, token refresh and passwords (docs/api.md, "Session"). */
export const sessionRoutes = {
  login: defineRoute({
    method: 'POST',
    url: '/api/login',
    permission: 'public',
    summary: 'Log in with e-mail and password; answers a bearer token',
    description: 'Limited per client address and e-mail (429 `rate_limited` with `retry-after`).',
    body: z.object({ email: shortText().min(1), password: password() }),
    response: z.strictObject({ token: z.string() }),
    errors: errorTable<'invalid_credentials'>()({ invalid_credentials: 401 }),
  }),
  refresh: defineRoute({
    method: 'POST',
    url: '/api/refresh',
    permission: 'account.self',
    summary: "A fresh token for the caller (the body names the caller's own id)",
    body: z.object({ id: idText() }),
    response: z.strictObject({ token: z.string(), expiration: z.number() }),
    errors: noErrors,
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    url: '/api/password/forgot',
    permission: 'public',
    summary: 'Mail a one-hour password link to the address, if it has an active account',
    description: 'Answers at once and the same for every address; the lookup and the mail follow. 10 a minute per client address.',
    body: z.object({ email: shortText().min(1) }),
    response: Ok,
    errors: noErrors,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    url: '/api/password/reset',
    permission: 'public',
    summary: 'Set a new password with the token of a password link',
    body: z.object({ id: idText(), token: boundedText(200, 1), password: password() }),
    response: Ok,
    errors: userErrors,
  }),
  changePassword: defineRoute({
    method: 'PUT',
    url: '/api/user/password',
    permission: 'account.self',
    summary: "Change the caller's own password",
    body: z.object({ password: password() }),
    response: Ok,
    errors: userErrors,
  }),
};
