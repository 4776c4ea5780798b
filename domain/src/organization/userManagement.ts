import type { Role } from '@ghg/events';
import { can } from '../core/permissions';

/** A user's access: a role, over some companies (or all of the group's), whole company or one section. */
export interface AccessScope {
  role: Role;
  companyIds: readonly string[];
  /** Every company of the group, including ones added later. */
  allCompanies: boolean;
  sectionId: string | null;
}

/**
 * The administrator who manages users, as their own stream says now. For a group administrator
 * `companyIds` lists every company of the group.
 */
export interface Manager extends AccessScope {
  userId: string;
}

/** What a grant is checked against besides the manager: the ids that exist. */
export interface GrantFacts {
  /** Every company of the group: any other company id is unknown. */
  groupCompanyIds: readonly string[];
  /** Sections of the granted companies: any other section id is unknown (or another company's). */
  sectionIds: readonly string[];
}

export type UserManagementRefusal = 'user_not_manageable' | 'company_not_allowed' | 'unknown_company' | 'unknown_section' | 'last_group_admin';

/** An administrator of every company with no section limit: the only one who may grant group-wide access. */
export const isGroupAdmin = (access: AccessScope): boolean => access.role === 'admin' && access.allCompanies && access.sectionId === null;

/**
 * Whether `inner` lies within `outer`: group-wide access only within group-wide access, otherwise
 * every company of `inner` is one of `outer`'s. Roles are not ranked: a company administrator
 * already holds every role there, and section-scoped users cannot manage anyone.
 */
function accessWithin(inner: AccessScope, outer: AccessScope): boolean {
  if (inner.allCompanies) return outer.allCompanies;
  return inner.companyIds.every((c) => outer.companyIds.includes(c));
}

/**
 * docs/permissions.md: an administrator manages only users whose whole access lies within their
 * own. So a company administrator cannot demote or deactivate the group administrator, nor a user
 * who also belongs to a company they do not administer.
 */
export function mayManageUser(manager: Manager, target: AccessScope): boolean {
  return can(manager, 'users.manage') && accessWithin(target, manager);
}

/** An administrator grants only what they hold, and only ids that exist. */
export function checkGrant(manager: Manager, access: AccessScope, facts: GrantFacts): UserManagementRefusal | null {
  if (access.companyIds.some((c) => !facts.groupCompanyIds.includes(c))) return 'unknown_company';
  if (!accessWithin(access, manager)) return 'company_not_allowed';
  if (access.sectionId !== null && !facts.sectionIds.includes(access.sectionId)) return 'unknown_section';
  return null;
}

/**
 * The group keeps at least one active group administrator: nobody else could add companies or
 * manage the group's administrators. `otherActiveGroupAdmins` counts those besides the target.
 */
export function removesLastGroupAdmin(
  before: AccessScope & { active: boolean },
  after: AccessScope & { active: boolean },
  otherActiveGroupAdmins: number,
): boolean {
  const was = before.active && isGroupAdmin(before);
  const stays = after.active && isGroupAdmin(after);
  return was && !stays && otherActiveGroupAdmins === 0;
}
