import { z } from 'zod';
import { idText, languages, roles, shortText } from '@ghg/events';
import { defineRoute, noErrors } from '../core/contract';
import { userErrors } from '../auth/session';

/** The caller's own account (docs/api.md, "Session"). */
export const accountRoutes = {
  authUser: defineRoute({
    method: 'GET',
    url: '/api/auth-user',
    permission: 'account.self',
    summary: 'Who the caller is: role, scope, companies, selected company',
    response: z.strictObject({
      user: z.strictObject({
        id: z.string(),
        email: z.string(),
        name: z.string(),
        language: z.enum(languages),
        selectedCompanyId: z.string(),
        tenantId: z.string(),
        role: z.enum(roles),
        scope: z.enum(['all', 'section']),
        sectionId: z.string().nullable(),
        companyIds: z.array(z.string()),
        allCompanies: z.boolean(),
        /**
         * The product's mark of an invalid session, on which the web app logs out. This server answers
         * such a session 401 instead and never sends it; the field is declared so the client may read it.
         */
        message: z.literal('unauthorized').optional(),
      }),
    }),
    errors: noErrors,
  }),
  updateUser: defineRoute({
    method: 'PUT',
    url: '/api/user',
    permission: 'account.self',
    summary: "Change the caller's language or selected company",
    body: z.object({ user: z.object({ language: shortText().optional(), selectedCompanyId: idText().optional() }) }),
    response: z.strictObject({ user: z.strictObject({ id: z.string(), language: z.enum(languages), selectedCompanyId: z.string().nullable() }) }),
    errors: userErrors,
  }),
  systemOptions: defineRoute({
    method: 'GET',
    url: '/api/system-options',
    permission: 'public',
    summary: 'Deployment options the login page needs (t2: no Simplified Chinese)',
    response: z.strictObject({ systemOptions: z.strictObject({ individualType: z.enum(['t1', 't2']) }) }),
    errors: noErrors,
  }),
};
