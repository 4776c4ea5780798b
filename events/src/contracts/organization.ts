import { z } from 'zod';
import { defineEvent, type DomainEventOf } from './defineEvent';
import { distinctIds, idText, shortText } from './bounds';

export const languages = ['ja', 'en', 'zhHans'] as const;
export const roles = ['admin', 'editor', 'viewer'] as const;

export const TenantCreated = defineEvent(
  'TenantCreated',
  1,
  z.object({ tenantId: idText(), name: shortText() }),
);

/** The tenant's own list of its companies: group administrators see every one of them. */
export const TenantCompanyAdded = defineEvent(
  'TenantCompanyAdded',
  1,
  z.object({ tenantId: idText(), companyId: idText() }),
);

/** Regions a company can be in. */
export const regions = ['Japan', 'US', 'China', 'UK', 'India', 'Canada', 'Korea'] as const;

export const controlApproaches = ['operational', 'financial', 'equity_share'] as const;

/** A company registered without them: wholly owned, and operated by the group. */
export const DEFAULT_EQUITY_SHARE_PERCENT = 100;
export const DEFAULT_CONTROL_APPROACH: (typeof controlApproaches)[number] = 'operational';

/**
 * How a group's companies are consolidated (GHG Protocol Corporate Standard, ch. 3): each
 * company's equity share, or all of the companies the group controls (operationally, or
 * financially: a company the group operates is also financially controlled) and none of the others.
 * The group chooses one (GroupConsolidationApproachChosen); a view may ask for another.
 */
export const consolidationApproaches = ['operational', 'financial', 'equity_share'] as const;

/** The approach a group consolidates by until it chooses one. */
export const DEFAULT_CONSOLIDATION_APPROACH = 'operational' satisfies (typeof consolidationApproaches)[number];

/** The group's own consolidation approach: what its totals are consolidated by unless a view asks for another. */
export const GroupConsolidationApproachChosen = defineEvent(
  'GroupConsolidationApproachChosen',
  1,
  z.object({ tenantId: idText(), approach: z.enum(consolidationApproaches) }),
);

export const CompanyRegistered = defineEvent(
  'CompanyRegistered',
  1,
  z.object({
    companyId: idText(),
    tenantId: idText(),
    name: shortText(),
    region: shortText(),
    /** Group's equity share in the company, percent (GHG Protocol consolidation). Absent: 100. */
    equitySharePercent: z.number().min(0).max(100).optional(),
    /** Consolidation approach the group applies to this company. Absent: operational control. */
    controlApproach: z.enum(controlApproaches).optional(),
  }),
);

export const CompanyRegionChanged = defineEvent(
  'CompanyRegionChanged',
  1,
  z.object({ companyId: idText(), region: shortText() }),
);

export const CompanyConsolidationChanged = defineEvent(
  'CompanyConsolidationChanged',
  1,
  z.object({
    companyId: idText(),
    equitySharePercent: z.number().min(0).max(100),
    controlApproach: z.enum(controlApproaches),
  }),
);

export const CompanySectionCreated = defineEvent(
  'CompanySectionCreated',
  1,
  z.object({
    sectionId: idText(),
    companyId: idText(),
    name: shortText(),
    displayName: shortText(),
    parentSectionId: idText().nullable(),
    /** 省エネ法 report section type (e.g. 'factory', 'office'); null when not a reporting unit. */
    energyConservationActReportSectionType: shortText().nullable().optional(),
  }),
);

export const CompanySectionUpdated = defineEvent(
  'CompanySectionUpdated',
  1,
  z.object({
    sectionId: idText(),
    companyId: idText(),
    name: shortText(),
    displayName: shortText(),
    parentSectionId: idText().nullable(),
    energyConservationActReportSectionType: shortText().nullable(),
  }),
);

export const CompanySectionDeleted = defineEvent(
  'CompanySectionDeleted',
  1,
  z.object({ sectionId: idText(), companyId: idText() }),
);

export const UserRegistered = defineEvent(
  'UserRegistered',
  1,
  z.object({
    userId: idText(),
    tenantId: idText(),
    email: shortText(),
    name: shortText(),
    /** argon2id hash; the password itself is never stored or logged. */
    passwordHash: shortText(),
    language: z.enum(languages),
    role: z.enum(roles),
    /** Companies the user may see; the role applies in each of them. */
    companyIds: distinctIds(),
    /** null: the role covers the whole company; otherwise that section and its descendants. */
    sectionId: idText().nullable(),
    selectedCompanyId: idText(),
    /** Group administrator: every company of the group, including ones added later. */
    allCompanies: z.boolean().optional(),
  }),
);

export const UserAccessChanged = defineEvent(
  'UserAccessChanged',
  1,
  z.object({
    userId: idText(),
    role: z.enum(roles),
    companyIds: distinctIds(),
    allCompanies: z.boolean(),
    sectionId: idText().nullable(),
  }),
);

export const UserDeactivated = defineEvent('UserDeactivated', 1, z.object({ userId: idText() }));
export const UserReactivated = defineEvent('UserReactivated', 1, z.object({ userId: idText() }));

/** Only the hash of the one-time token is stored; the token itself goes to the mail outbox. */
export const PasswordResetRequested = defineEvent(
  'PasswordResetRequested',
  1,
  z.object({ userId: idText(), tokenHash: shortText(), expiresAt: shortText() }),
);

export const PasswordChanged = defineEvent(
  'PasswordChanged',
  1,
  z.object({ userId: idText(), passwordHash: shortText() }),
);

export const UserPreferencesChanged = defineEvent(
  'UserPreferencesChanged',
  1,
  z.object({
    userId: idText(),
    language: z.enum(languages).optional(),
    selectedCompanyId: idText().optional(),
  }),
);

/**
 * Written to stream `userEmail-<email>` with expected version "no stream": the store itself then
 * guarantees that one email address belongs to one user, with no read-model race.
 */
export const UserEmailClaimed = defineEvent(
  'UserEmailClaimed',
  1,
  z.object({ email: shortText(), userId: idText() }),
);

export type UserEmailEvent = DomainEventOf<typeof UserEmailClaimed>;
export type TenantEvent =
  | DomainEventOf<typeof TenantCreated>
  | DomainEventOf<typeof TenantCompanyAdded>
  | DomainEventOf<typeof GroupConsolidationApproachChosen>;
export type CompanyEvent =
  | DomainEventOf<typeof CompanyRegistered>
  | DomainEventOf<typeof CompanyRegionChanged>
  | DomainEventOf<typeof CompanyConsolidationChanged>;
export type CompanySectionEvent =
  | DomainEventOf<typeof CompanySectionCreated>
  | DomainEventOf<typeof CompanySectionUpdated>
  | DomainEventOf<typeof CompanySectionDeleted>;
export type ControlApproach = (typeof controlApproaches)[number];
export type ConsolidationApproach = (typeof consolidationApproaches)[number];
export type UserEvent =
  | DomainEventOf<typeof UserRegistered>
  | DomainEventOf<typeof UserPreferencesChanged>
  | DomainEventOf<typeof UserAccessChanged>
  | DomainEventOf<typeof UserDeactivated>
  | DomainEventOf<typeof UserReactivated>
  | DomainEventOf<typeof PasswordResetRequested>
  | DomainEventOf<typeof PasswordChanged>;
export type Language = (typeof languages)[number];
export type Role = (typeof roles)[number];

/** Every organization event contract, for the registry in ./index.ts. */
export const organizationContracts = [
  TenantCreated,
  TenantCompanyAdded,
  GroupConsolidationApproachChosen,
  CompanyRegistered,
  CompanyRegionChanged,
  CompanyConsolidationChanged,
  CompanySectionCreated,
  CompanySectionUpdated,
  CompanySectionDeleted,
  UserRegistered,
  UserPreferencesChanged,
  UserEmailClaimed,
  UserAccessChanged,
  UserDeactivated,
  UserReactivated,
  PasswordResetRequested,
  PasswordChanged,
];
