import {
  companySectionsDecider,
  companySectionsCodec,
  companySectionsStreamId,
  isGroupAdmin,
  tenantDecider,
  tenantStreamId,
  userDecider,
  userStreamId,
  type AccessScope,
  type GrantFacts,
  type Manager,
} from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { loadState } from '../core/companyCommand';
import { Refusal } from '../core/httpErrors';

/**
 * Runs one user-management change per tenant at a time in this process. The rules read several
 * streams (the manager's, the target's, the other group administrators'); two administrators
 * demoting each other at once must not both pass on what each read before the other wrote.
 */
export function serialPerTenant() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(tenantId: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(tenantId) ?? Promise.resolve();
    const mine = previous.catch(() => undefined).then(work);
    tails.set(tenantId, mine);
    try {
      return await mine;
    } finally {
      if (tails.get(tenantId) === mine) tails.delete(tenantId);
    }
  };
}

export const groupCompanyIds = async (deps: CommandApiDeps, tenantId: string) =>
  (await loadState(deps, tenantStreamId(tenantId), tenantDecider)).companyIds;

/** The manager as their own stream says now (they may have been demoted a moment ago). */
export async function loadManager(deps: CommandApiDeps, userId: string, companiesOfGroup: readonly string[]): Promise<Manager> {
  const user = await loadState(deps, userStreamId(userId), userDecider);
  if (!user.exists || !user.active || !user.role) throw new Refusal('unauthorized');
  const { role, sectionId, allCompanies } = user;
  return { userId, role, sectionId, allCompanies, companyIds: allCompanies ? companiesOfGroup : user.companyIds };
}

/** The ids a grant may name: the group's companies, and the sections of the granted ones. */
export async function loadGrantFacts(deps: CommandApiDeps, companiesOfGroup: readonly string[], access: AccessScope): Promise<GrantFacts> {
  const sectionIds: string[] = [];
  // Sections are only read for a section-scoped grant, and only of companies of the group.
  if (access.sectionId !== null) {
    for (const companyId of access.companyIds.filter((c) => companiesOfGroup.includes(c))) {
      sectionIds.push(...(await loadState(deps, companySectionsStreamId(companyId), companySectionsDecider, companySectionsCodec)).sections.keys());
    }
  }
  return { groupCompanyIds: companiesOfGroup, sectionIds };
}

/**
 * Active group administrators besides `exceptUserId`: candidates from the users read model, each
 * confirmed from their own stream (the read model may lag behind a demotion). Counting stops at one,
 * which is all the rule needs.
 */
export async function otherActiveGroupAdmins(deps: CommandApiDeps, tenantId: string, exceptUserId: string): Promise<number> {
  const candidates: string[] = await deps.db
    .knex('users')
    .where({ tenant_id: tenantId, role: 'admin', all_companies: true, active: true })
    .whereNot({ id: exceptUserId })
    .pluck('id');
  for (const id of candidates) {
    const user = await loadState(deps, userStreamId(id), userDecider);
    if (user.active && user.role && isGroupAdmin({ ...user, role: user.role })) return 1;
  }
  return 0;
}
