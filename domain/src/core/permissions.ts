import type { Role } from '@ghg/events';

/** What the permission check needs to know about the user, in the company the call is about. */
export interface Actor {
  role: Role;
  /** null: the role covers the whole company; otherwise one section and its descendants. */
  sectionId: string | null;
  /** Group administrator: may see every company of the group, including ones added later. */
  allCompanies: boolean;
}

interface Rule {
  roles: readonly Role[];
  /** Only users whose role covers the whole company (not one section). */
  wholeCompany?: boolean;
  /** Only group administrators. */
  group?: boolean;
}

const everyone: readonly Role[] = ['admin', 'editor', 'viewer'];

/**
 * The permission matrix (docs/permissions.md): enforced by command-api and query-api on every
 * call, never only in the UI. A user of another company is refused before any of this, because
 * every call works on the caller's selected company, which must be one of theirs.
 */
export const permissionMatrix = {
  /** Read the company's settings, sections, companies list, read models. */
  'company.read': { roles: everyone },
  /** Fiscal year, currency rates, region, consolidation, sections, group flags, regions, intensity master. */
  'company.configure': { roles: ['admin'], wholeCompany: true },
  /** Reduction goals, offsets, non-fossil certificates, management intensity. */
  'targets.write': { roles: ['admin', 'editor'], wholeCompany: true },
  /**
   * Activity data and how it is calculated (scope settings). A section-scoped editor only for
   * their section and its descendants: the command checks the record's section.
   */
  'activity.write': { roles: ['admin', 'editor'] },
  /** List, create, change role of, deactivate users. */
  'users.manage': { roles: ['admin'], wholeCompany: true },
  /** Add companies to the group. */
  'group.manage': { roles: ['admin'], wholeCompany: true, group: true },
  'auditlog.read': { roles: everyone },
  /** One's own language, selected company, password. */
  'account.self': { roles: everyone },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof permissionMatrix;

export function can(actor: Actor, action: Action): boolean {
  const rule: Rule = permissionMatrix[action];
  if (!rule.roles.includes(actor.role)) return false;
  if (rule.wholeCompany && actor.sectionId !== null) return false;
  if (rule.group && !actor.allCompanies) return false;
  return true;
}
