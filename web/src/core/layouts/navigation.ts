import type { IconName } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import type { NavGroup } from '../router/routeTable';

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
 * The side navigation, grouped as a user thinks of the work: look at the dashboard, enter data,
 * look at results, individual projects, products, non-GHG data, settings, own account.
 * Individual projects use the t2 routes on a t2 deployment.
 */
export function navigation(individualType: 't1' | 't2'): NavSection[] {
  const ind = individualType === 't2' ? '/emission/individual/t2' : '/emission/individual';
  return [
    { group: 'dashboard', label: 'nav.group.dashboard', icon: 'dashboard', items: [{ path: '/', label: 'nav.item.dashboard' }] },
    {
      group: 'input',
      label: 'nav.group.input',
      icon: 'edit',
      items: [
        { path: '/emission/input', label: 'nav.item.input' },
        { path: '/emission/record', label: 'nav.item.record' },
        { path: '/emission/record/import-history', label: 'nav.item.importHistory' },
        { path: '/emission/company-section-activity/list', label: 'nav.item.sectionActivity' },
        { path: '/emission/aggregate', label: 'nav.item.aggregate' },
      ],
    },
    {
      group: 'views',
      label: 'nav.group.views',
      icon: 'timeline-bar-chart',
      items: [
        { path: '/emission/view', label: 'nav.item.viewOverview' },
        { path: '/emission/view/scope', label: 'nav.item.viewScope' },
        { path: '/emission/view/company', label: 'nav.item.viewCompany' },
        { path: '/emission/view/division', label: 'nav.item.viewDivision' },
        { path: '/emission/view/region', label: 'nav.item.viewRegion' },
        { path: '/emission/view/group-flag', label: 'nav.item.viewGroupFlag' },
        { path: '/emission/view/intensity', label: 'nav.item.viewIntensity' },
        { path: '/emission/view/emission-comparison', label: 'nav.item.viewComparison' },
        { path: '/emission/view/product/category', label: 'nav.item.viewProduct' },
        { path: '/emission/report', label: 'nav.item.report' },
        { path: '/export', label: 'nav.item.export' },
      ],
    },
    {
      group: 'individual',
      label: 'nav.group.individual',
      icon: 'truck',
      items: [
        { path: `${ind}/input`, label: 'nav.item.individualInput' },
        { path: `${ind}/list`, label: 'nav.item.individualList' },
        { path: `${ind}/emissions`, label: 'nav.item.individualEmissions' },
        { path: `${ind}/intensity`, label: 'nav.item.individualIntensity' },
        { path: `${ind}/import`, label: 'nav.item.individualImport' },
      ],
    },
    {
      group: 'products',
      label: 'nav.group.products',
      icon: 'cube',
      items: [
        { path: '/products/list', label: 'nav.item.productList' },
        { path: '/products/comparison', label: 'nav.item.productComparison' },
      ],
    },
    {
      group: 'nonGhg',
      label: 'nav.group.nonGhg',
      icon: 'tint',
      items: [
        { path: '/non-ghg', label: 'nav.item.nonGhgCategories' },
        { path: '/non-ghg/record', label: 'nav.item.nonGhgRecords' },
      ],
    },
    {
      group: 'settings',
      label: 'nav.group.settings',
      icon: 'cog',
      items: [
        { path: '/emission/setting', label: 'nav.item.settingsAll' },
        { path: '/emission/setting/fiscal-year', label: 'nav.item.fiscalYear' },
        { path: '/emission/setting/currency', label: 'nav.item.currency' },
        { path: '/emission/setting/company-section', label: 'nav.item.companySection' },
        { path: '/emission/setting/region', label: 'route.emission.setting.region' },
        { path: '/emission/setting/group-flag', label: 'route.emission.setting.groupFlag' },
        { path: '/emission/setting/scope', label: 'nav.item.scopeSetting' },
        { path: '/emission/setting/reduction-goal', label: 'nav.item.reductionGoal' },
        { path: '/emission/setting/offset', label: 'nav.item.offset' },
        { path: '/emission/setting/intensity', label: 'route.emission.setting.intensity' },
        { path: '/emission/setting/management-intensity', label: 'route.emission.setting.managementIntensity' },
        { path: '/emission/setting/emission-factor', label: 'nav.item.emissionFactor' },
        { path: '/emission/setting/calculation-basis', label: 'nav.item.calculationBasis' },
        { path: '/emission/setting/audit-log', label: 'nav.item.auditLog' },
      ],
    },
    {
      group: 'account',
      label: 'nav.group.account',
      icon: 'user',
      items: [
        { path: '/account', label: 'nav.item.account' },
        { path: '/account/setting/user', label: 'nav.item.userSetting' },
        { path: '/account/setting/company', label: 'nav.item.companySetting' },
        { path: '/account/setting/users', label: 'nav.item.users' },
      ],
    },
  ];
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
