import type { IconName } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import type { IndividualType, NavGroup } from '../features/manifest';
import { routeTable } from '../router/routeTable';

export interface NavItem {
  path: string;
  label: MessageId;
}

export interface NavSection {
  group: Exclude<NavGroup, 'auth'>;
  label: MessageId;
  icon: IconName;
  items: NavItem[];
}

/**
 * The side navigation's groups, as a user thinks of the work: look at the dashboard, enter data,
 * look at results, individual projects, products, non-GHG data, settings, own account.
 */
const GROUPS: readonly Omit<NavSection, 'items'>[] = [
  { group: 'dashboard', label: 'nav.group.dashboard', icon: 'dashboard' },
  { group: 'input', label: 'nav.group.input', icon: 'edit' },
  { group: 'views', label: 'nav.group.views', icon: 'timeline-bar-chart' },
  { group: 'individual', label: 'nav.group.individual', icon: 'truck' },
  { group: 'products', label: 'nav.group.products', icon: 'cube' },
  { group: 'nonGhg', label: 'nav.group.nonGhg', icon: 'tint' },
  { group: 'settings', label: 'nav.group.settings', icon: 'cog' },
  { group: 'account', label: 'nav.group.account', icon: 'user' },
];

/**
 * The side navigation: each group's items are the routes whose manifest gives them a `nav` entry,
 * by their order. Individual projects use the t2 routes on a t2 deployment.
 */
export function navigation(individualType: IndividualType): NavSection[] {
  const entries = routeTable.flatMap(({ path, group, nav }) =>
    nav && (nav.individualType === undefined || nav.individualType === individualType) ? [{ path, group, ...nav }] : [],
  );
  return GROUPS.map((section) => ({
    ...section,
    items: entries
      .filter((entry) => entry.group === section.group)
      .sort((a, b) => a.order - b.order)
      .map(({ path, label }) => ({ path, label })),
  })).filter((section) => section.items.length > 0);
}

/** The one item to highlight: the longest item path that is the current path or a parent of it. */
export function activeNavPath(sections: NavSection[], pathname: string): string | null {
  let best: string | null = null;
  for (const section of sections) {
    for (const { path } of section.items) {
      const matches = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
      if (matches && (best === null || path.length > best.length)) best = path;
    }
  }
  return best;
}
