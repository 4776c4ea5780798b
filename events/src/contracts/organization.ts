import { z } from 'zod';
import { defineEvent, type DomainEventOf } from './defineEvent';

export const languages = ['ja', 'en', 'zhHans'] as const;
export const roles = ['admin', 'editor', 'viewer'] as const;

export const TenantCreated = defineEvent(
  'TenantCreated',
  1,
  z.object({ tenantId: z.string(), name: z.string() }),
);

export const CompanyRegistered = defineEvent(
  'CompanyRegistered',
  1,
  z.object({ companyId: z.string(), tenantId: z.string(), name: z.string(), region: z.string() }),
);

export const CompanySectionCreated = defineEvent(
  'CompanySectionCreated',
  1,
  z.object({
    sectionId: z.string(),
    companyId: z.string(),
    name: z.string(),
    displayName: z.string(),
    parentSectionId: z.string().nullable(),
  }),
);

export const UserRegistered = defineEvent(
  'UserRegistered',
  1,
  z.object({
    userId: z.string(),
    tenantId: z.string(),
    email: z.string(),
    name: z.string(),
    /** argon2id hash; the password itself is never stored or logged. */
    passwordHash: z.string(),
    language: z.enum(languages),
    role: z.enum(roles),
    /** Companies the user may see; the role applies in each of them. */
    companyIds: z.array(z.string()),
    /** null: the role covers the whole company; otherwise that section and its descendants. */
    sectionId: z.string().nullable(),
    selectedCompanyId: z.string(),
  }),
);

export const UserPreferencesChanged = defineEvent(
  'UserPreferencesChanged',
  1,
  z.object({
    userId: z.string(),
    language: z.enum(languages).optional(),
    selectedCompanyId: z.string().optional(),
  }),
);

/**
 * Written to stream `userEmail-<email>` with expected version "no stream": the store itself then
 * guarantees that one email address belongs to one user, with no read-model race.
 */
export const UserEmailClaimed = defineEvent(
  'UserEmailClaimed',
  1,
  z.object({ email: z.string(), userId: z.string() }),
);

export type UserEmailEvent = DomainEventOf<typeof UserEmailClaimed>;
export type TenantEvent = DomainEventOf<typeof TenantCreated>;
export type CompanyEvent = DomainEventOf<typeof CompanyRegistered>;
export type CompanySectionEvent = DomainEventOf<typeof CompanySectionCreated>;
export type UserEvent = DomainEventOf<typeof UserRegistered> | DomainEventOf<typeof UserPreferencesChanged>;
export type Language = (typeof languages)[number];
export type Role = (typeof roles)[number];
