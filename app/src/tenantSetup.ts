import { randomUUID } from 'node:crypto';
import { WrongExpectedVersionError, type ControlApproach, type EventMetadata, type EventStore, type Language, type Role } from '@ghg/events';
import {
  companyDecider,
  companySectionsDecider,
  companySectionsStreamId,
  companyStreamId,
  normaliseEmail,
  tenantDecider,
  tenantStreamId,
  userDecider,
  userEmailStreamId,
  userStreamId,
  UNSPECIFIED_SECTION,
  WHOLE_COMPANY_SECTION,
  type Decider,
} from '@ghg/domain';
import { executeCommand, toNewEvent, Refusal } from '@ghg/command-api';

/**
 * Setting up a tenant outside the API: its creation, its companies with their section trees and
 * its users, written through the deciders and the command layer's toNewEvent exactly as API
 * commands are, so every event is validated the same way. The demo seed (seedDemoTenant.ts) and
 * `npm run tenant:create` (tenantCreate.ts) are both made of these steps.
 */

export interface SectionSeed {
  name: string;
  children?: SectionSeed[];
}

/** What every company starts with: the two reserved sections 全社 and 指定なし, as POST /api/company creates it. */
export const RESERVED_SECTIONS: readonly SectionSeed[] = [{ name: WHOLE_COMPANY_SECTION }, { name: UNSPECIFIED_SECTION }];

export interface CompanySeed {
  name: string;
  region: string;
  equitySharePercent?: number;
  controlApproach?: ControlApproach;
  /** A tree whose roots are 全社 (the other sections under it) and 指定なし. */
  sections: readonly SectionSeed[];
}

export interface UserSeed {
  email: string;
  name: string;
  role: Role;
  companyIds: string[];
  sectionId: string | null;
  allCompanies?: boolean;
  language?: Language;
  passwordHash: string;
}

/** Metadata of a setup step: no acting user (nobody is logged in), the given tenant and time. */
export function setupMetadata(tenantId: string, correlationId: string, now: Date): (companyId: string | null) => EventMetadata {
  return (companyId) => ({ actorUserId: null, companyId, tenantId, correlationId, causationId: null, occurredAt: now.toISOString() });
}

/** Appends TenantCreated; refused (`tenant_exists`) when the tenant's stream has it already. */
export async function createTenant(eventStore: EventStore, tenant: { tenantId: string; name: string }, meta: (companyId: string | null) => EventMetadata): Promise<void> {
  await executeCommand(eventStore, tenantStreamId(tenant.tenantId), tenantDecider, { type: 'CreateTenant', ...tenant }, meta(null));
}

/**
 * Registers a company, adds it to the tenant and creates its section tree, as POST /api/company
 * does. Returns the company's id and its sections' ids by name.
 */
export async function addCompany(
  eventStore: EventStore,
  tenantId: string,
  company: CompanySeed,
  meta: (companyId: string | null) => EventMetadata,
): Promise<{ companyId: string; sectionIds: Map<string, string> }> {
  const companyId = randomUUID();
  const { sections, ...registration } = company;
  await executeCommand(eventStore, companyStreamId(companyId), companyDecider, { type: 'RegisterCompany', companyId, tenantId, controlApproach: 'operational', ...registration }, meta(companyId));
  await executeCommand(eventStore, tenantStreamId(tenantId), tenantDecider, { type: 'AddCompanyToTenant', tenantId, companyId }, meta(companyId));
  const sectionIds = new Map<string, string>();
  const createTree = async (level: readonly SectionSeed[], parentSectionId: string | null): Promise<void> => {
    for (const section of level) {
      const sectionId = randomUUID();
      sectionIds.set(section.name, sectionId);
      await executeCommand(eventStore, companySectionsStreamId(companyId), companySectionsDecider, { type: 'SaveCompanySection', newId: sectionId, companyId, name: section.name, parentSectionId }, meta(companyId));
      await createTree(section.children ?? [], sectionId);
    }
  };
  await createTree(sections, null);
  return { companyId, sectionIds };
}

/**
 * Claims the user's address, then registers the user, as POST /api/users does. The claim's stream
 * must not exist yet, which keeps addresses unique: an address already in use is refused
 * (`user_exists`) before anything is appended.
 */
export async function registerUser(eventStore: EventStore, tenantId: string, user: UserSeed, meta: (companyId: string | null) => EventMetadata): Promise<string> {
  const userId = randomUUID();
  try {
    await eventStore.appendToStream(userEmailStreamId(user.email), [toNewEvent({ type: 'UserEmailClaimed', data: { email: normaliseEmail(user.email), userId } }, meta(null))], {
      expectedVersion: 'no_stream',
    });
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) throw new Refusal('user_exists');
    throw error;
  }
  await executeCommand(eventStore, userStreamId(userId), userDecider, { type: 'RegisterUser', userId, tenantId, ...user, language: user.language ?? 'ja' }, meta(null));
  return userId;
}

/** Whether an address is taken (by any tenant): the claim stream has an event. */
export async function emailInUse(eventStore: EventStore, email: string): Promise<boolean> {
  return (await eventStore.readStream(userEmailStreamId(email), { maxCount: 1 })).length > 0;
}

/**
 * Checks a whole first-tenant setup before anything is appended: each command decided on a fresh
 * stream and each resulting event checked against its contract, as executeCommand would. Throws the
 * first refusal (a Refusal with the API's code, e.g. `invalid_region`, or an HttpError `invalid_args` naming
 * the field), so a mistyped argument leaves the log untouched.
 */
export function checkTenantSetup(setup: { tenantId: string; tenantName: string; company: CompanySeed; admin: UserSeed }, meta: (companyId: string | null) => EventMetadata): void {
  const companyId = randomUUID();
  const userId = randomUUID();
  const { sections: _sections, ...registration } = setup.company;
  dryRun(tenantDecider, { type: 'CreateTenant', tenantId: setup.tenantId, name: setup.tenantName }, meta(null));
  dryRun(companyDecider, { type: 'RegisterCompany', companyId, tenantId: setup.tenantId, controlApproach: 'operational', ...registration }, meta(companyId));
  toNewEvent({ type: 'UserEmailClaimed', data: { email: normaliseEmail(setup.admin.email), userId } }, meta(null));
  dryRun(userDecider, { type: 'RegisterUser', userId, tenantId: setup.tenantId, ...setup.admin, language: setup.admin.language ?? 'ja', companyIds: [companyId] }, meta(null));
}

function dryRun<C, E extends { type: string; data: unknown }, S, Err extends string>(decider: Decider<C, E, S, Err>, command: C, metadata: EventMetadata): void {
  const decision = decider.decide(command, decider.initialState());
  if (!decision.ok) throw new Refusal(decision.error);
  for (const event of decision.events) toNewEvent(event, metadata);
}
