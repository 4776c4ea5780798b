import { z } from 'zod';
import { boundedList, idText, languages, roles, shortText } from '@ghg/events';
import { IdParam } from '../core/args';
import { defineRoute, noErrors } from '../core/contract';
import { userErrors } from '../auth/session';

const Access = z.object({
  role: z.enum(roles),
  companyIds: boundedList(idText()).min(1),
  allCompanies: z.boolean().default(false),
  sectionId: idText().nullable().default(null),
});

const UserView = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles).nullable(),
  sectionId: z.string().nullable(),
  companyIds: z.array(z.string()),
  allCompanies: z.boolean(),
  active: z.boolean(),
  language: z.enum(languages),
});

/** Users of the group, managed by administrators (docs/api.md, "Organization"; docs/permissions.md). */
export const userRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/users',
    permission: 'users.manage',
    summary: "Users who hold a role in the selected company, each marked whether the caller may manage them",
    response: z.strictObject({
      users: z.array(
        z.strictObject({
          id: z.string(),
          email: z.string(),
          name: z.string(),
          role: z.enum(roles),
          sectionId: z.string().nullable(),
          /** Only the companies the caller holds too. */
          companyIds: z.array(z.string()),
          allCompanies: z.boolean(),
          active: z.boolean(),
          language: z.enum(languages),
          version: z.number(),
          manageable: z.boolean(),
        }),
      ),
    }),
    errors: noErrors,
  }),
  invite: defineRoute({
    method: 'POST',
    url: '/api/users',
    permission: 'users.manage',
    summary: 'Invite a user (a one-hour password link goes to the mail outbox)',
    body: Access.extend({ email: shortText().min(1), name: shortText().min(1), language: z.enum(languages).default('ja') }),
    response: z.strictObject({ user: UserView }),
    errors: userErrors,
  }),
  changeAccess: defineRoute({
    method: 'PUT',
    url: '/api/users/:id/access',
    permission: 'users.manage',
    summary: "Change a user's role, companies and section",
    params: IdParam,
    body: Access,
    response: z.strictObject({ user: UserView }),
    errors: userErrors,
  }),
  deactivate: defineRoute({
    method: 'POST',
    url: '/api/users/:id/deactivate',
    permission: 'users.manage',
    summary: "Deactivate a user: their tokens stop working at once",
    params: IdParam,
    response: z.strictObject({ user: UserView }),
    errors: userErrors,
  }),
  reactivate: defineRoute({
    method: 'POST',
    url: '/api/users/:id/reactivate',
    permission: 'users.manage',
    summary: 'Reactivate a user',
    params: IdParam,
    response: z.strictObject({ user: UserView }),
    errors: userErrors,
  }),
};
