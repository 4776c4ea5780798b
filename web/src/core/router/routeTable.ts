import type { MessageId } from '@ghg/locales';

/**
 * Every route of the product (spec 000 §2 and 001 §2), as data: path pattern, title, where it
 * belongs in the navigation, who may open it, and which screen is built for it. A route without
 * a screen shows the "coming soon" page with its title and breadcrumbs.
 */
export type NavGroup = 'dashboard' | 'input' | 'views' | 'individual' | 'products' | 'nonGhg' | 'settings' | 'account' | 'auth';
export type Access = 'auth' | 'guest' | 'public';
export type ScreenId =
  | 'home'
  | 'login'
  | 'forgetPassword'
  | 'passwordResetting'
  | 'account'
  | 'userSetting'
  | 'companySetting'
  | 'settingsIndex'
  | 'fiscalYear'
  | 'currency'
  | 'auditLog'
  | 'companySection'
  | 'users'
  | 'reductionGoal'
  | 'offset'
  | 'region'
  | 'groupFlag'
  | 'groupFlagEdit'
  | 'intensity'
  | 'managementIntensity'
  | 'emissionFactor'
  | 'calculationBasis';

/** Scope categories (spec 000 §3: keys 1, 2, 3 and 31 to 315) and the water pages. */
export const SCOPE3_CATEGORIES = ['31', '32', '33', '34', '35', '36', '37', '38', '39', '310', '311', '312', '313', '314', '315'] as const;
export type CategoryKey = '1' | '2' | '3' | (typeof SCOPE3_CATEGORIES)[number] | 'water';

export const categoryName: Record<CategoryKey, MessageId> = {
  '1': 'scope.category.1',
  '2': 'scope.category.2',
  '3': 'scope.category.3',
  '31': 'scope.category.31',
  '32': 'scope.category.32',
  '33': 'scope.category.33',
  '34': 'scope.category.34',
  '35': 'scope.category.35',
  '36': 'scope.category.36',
  '37': 'scope.category.37',
  '38': 'scope.category.38',
  '39': 'scope.category.39',
  '310': 'scope.category.310',
  '311': 'scope.category.311',
  '312': 'scope.category.312',
  '313': 'scope.category.313',
  '314': 'scope.category.314',
  '315': 'scope.category.315',
  water: 'scope.category.water',
};

export interface RouteDef {
  path: string;
  title: MessageId;
  group: NavGroup;
  access: Access;
  screen?: ScreenId;
  /** Values of a title message: a category (translated) and a detail number. */
  titleValues?: { category?: CategoryKey; n?: number };
  /** Route params that also appear in the title (e.g. the product-category level). */
  titleParams?: string[];
}

const routes: RouteDef[] = [];
const add = (path: string, title: MessageId, group: NavGroup, extra: Partial<RouteDef> = {}) =>
  routes.push({ path, title, group, access: 'auth', ...extra });

// Top level and account.
add('/', 'route.home', 'dashboard', { screen: 'home' });
add('/auth/login', 'route.auth.login', 'auth', { access: 'guest', screen: 'login' });
add('/auth/forget-password', 'route.auth.forgetPassword', 'auth', { access: 'public', screen: 'forgetPassword' });
add('/auth/password-resetting', 'route.auth.passwordResetting', 'auth', { access: 'public', screen: 'passwordResetting' });
add('/account', 'route.account', 'account', { screen: 'account' });
add('/account/setting/company', 'route.account.setting.company', 'account', { screen: 'companySetting' });
add('/account/setting/user', 'route.account.setting.user', 'account', { screen: 'userSetting' });
// Not in the spec's route list: user management (issue 4 §3).
add('/account/setting/users', 'route.account.setting.users', 'account', { screen: 'users' });
add('/export', 'route.export', 'views');

// Non-GHG and products (001 §2).
add('/non-ghg', 'route.nonGhg', 'nonGhg');
add('/non-ghg/child-category', 'route.nonGhg.childCategory', 'nonGhg');
add('/non-ghg/record', 'route.nonGhg.record', 'nonGhg');
add('/products/comparison', 'route.products.comparison', 'products');
add('/products/comparison/detail', 'route.products.comparison.detail', 'products');
add('/products/comparison/registration', 'route.products.comparison.registration', 'products');
add('/products/list', 'route.products.list', 'products');
add('/products/list/detail', 'route.products.list.detail', 'products');
add('/products/list/edit-parameter', 'route.products.list.editParameter', 'products');
add('/products/list/parameter', 'route.products.list.parameter', 'products');

// Emission.
add('/emission/aggregate', 'route.emission.aggregate', 'input');
add('/emission/input', 'route.emission.input', 'input');
add('/emission/record', 'route.emission.record', 'input');
add('/emission/record/import-history', 'route.emission.record.importHistory', 'input');
add('/emission/report', 'route.emission.report', 'views');
add('/emission/report/detail', 'route.emission.report.detail', 'views');
add('/emission/setting', 'route.emission.setting', 'settings', { screen: 'settingsIndex' });
add('/emission/view', 'route.emission.view', 'views');

// Input pages by category: 1, 2, 31–315 and water.
for (const category of ['1', '2', ...SCOPE3_CATEGORIES, 'water'] as CategoryKey[]) {
  add(`/emission/input/${category}`, 'route.emission.input.category', 'input', { titleValues: { category } });
}

// Settings.
add('/emission/setting/company-section', 'route.emission.setting.companySection', 'settings', { screen: 'companySection' });
add('/emission/setting/currency', 'route.emission.setting.currency', 'settings', { screen: 'currency' });
add('/emission/setting/fiscal-year', 'route.emission.setting.fiscalYear', 'settings', { screen: 'fiscalYear' });
add('/emission/setting/group-flag', 'route.emission.setting.groupFlag', 'settings', { screen: 'groupFlag' });
add('/emission/setting/group-flag/edit', 'route.emission.setting.groupFlag.edit', 'settings', { screen: 'groupFlagEdit' });
add('/emission/setting/intensity', 'route.emission.setting.intensity', 'settings', { screen: 'intensity' });
add('/emission/setting/management-intensity', 'route.emission.setting.managementIntensity', 'settings', { screen: 'managementIntensity' });
add('/emission/setting/offset', 'route.emission.setting.offset', 'settings', { screen: 'offset' });
add('/emission/setting/product-specification-management', 'route.emission.setting.productSpecificationManagement', 'settings');
add('/emission/setting/reduction-goal', 'route.emission.setting.reductionGoal', 'settings', { screen: 'reductionGoal' });
add('/emission/setting/region', 'route.emission.setting.region', 'settings', { screen: 'region' });
add('/emission/setting/scope', 'route.emission.setting.scope', 'settings');
add('/emission/setting/scope/detail', 'route.emission.setting.scope.detail', 'settings');
// Not in the spec's route list: the audit log, reachable from the settings page (issue 3 §7).
add('/emission/setting/audit-log', 'route.emission.setting.auditLog', 'settings', { screen: 'auditLog' });
// Not in the spec's route list either: the emission-factor library and the calculation basis (issue 5 §6).
add('/emission/setting/emission-factor', 'route.emission.setting.emissionFactor', 'settings', { screen: 'emissionFactor' });
add('/emission/setting/calculation-basis', 'route.emission.setting.calculationBasis', 'settings', { screen: 'calculationBasis' });

// Views.
add('/emission/view/company', 'route.emission.view.company', 'views');
add('/emission/view/division', 'route.emission.view.division', 'views');
add('/emission/view/division/detail', 'route.emission.view.division.detail', 'views');
add('/emission/view/emission-comparison', 'route.emission.view.emissionComparison', 'views');
add('/emission/view/group-flag', 'route.emission.view.groupFlag', 'views');
add('/emission/view/group-flag/details', 'route.emission.view.groupFlag.details', 'views');
add('/emission/view/group-flag/transition', 'route.emission.view.groupFlag.transition', 'views');
add('/emission/view/intensity', 'route.emission.view.intensity', 'views');
add('/emission/view/intensity/detail', 'route.emission.view.intensity.detail', 'views');
add('/emission/view/region', 'route.emission.view.region', 'views');
add('/emission/view/region/detail/first', 'route.emission.view.region.detail.first', 'views');
add('/emission/view/region/detail/second', 'route.emission.view.region.detail.second', 'views');
add('/emission/view/region/detail/third', 'route.emission.view.region.detail.third', 'views');
add('/emission/view/scope', 'route.emission.view.scope', 'views');
add('/emission/view/product/category', 'route.emission.view.product.category', 'views');
add('/emission/view/product/category/:level', 'route.emission.view.product.category.level', 'views', { titleParams: ['level'] });
add('/emission/view/product/detail', 'route.emission.view.product.detail', 'views');
add('/emission/view/product/section', 'route.emission.view.product.section', 'views');

// Scope detail pages /emission/view/scope/detail/{scope}/{n}.
export const SCOPE_DETAIL_PAGES: Record<string, number> = {
  '1': 4, '2': 2, '31': 2, '310': 2, '311': 3, '312': 2, '313': 2, '314': 1, '315': 2,
  '32': 2, '33': 3, '34': 4, '35': 2, '36': 5, '37': 5, '38': 2, '39': 4, water: 1,
};
for (const [category, count] of Object.entries(SCOPE_DETAIL_PAGES)) {
  for (let n = 1; n <= count; n += 1) {
    add(`/emission/view/scope/detail/${category}/${n}`, 'route.emission.view.scope.detail', 'views', {
      titleValues: { category: category as CategoryKey, n },
    });
  }
}

// Company-section activity.
add('/emission/company-section-activity/assignment', 'route.emission.companySectionActivity.assignment', 'input');
add('/emission/company-section-activity/assignment/register', 'route.emission.companySectionActivity.assignment.register', 'input');
add('/emission/company-section-activity/detail', 'route.emission.companySectionActivity.detail', 'input');
add('/emission/company-section-activity/list', 'route.emission.companySectionActivity.list', 'input');
add('/emission/company-section-activity/notification', 'route.emission.companySectionActivity.notification', 'input');
add('/emission/company-section-activity/notification/register', 'route.emission.companySectionActivity.notification.register', 'input');

// Individual emissions (logistics and plant engineering), and the t2 variants (no plant engineering).
function individual(prefix: string, withPlantEngineering: boolean) {
  const base = `/emission/individual${prefix}`;
  add(`${base}/emissions`, 'route.individual.emissions', 'individual');
  add(`${base}/import`, 'route.individual.import', 'individual');
  add(`${base}/import/import-history`, 'route.individual.import.importHistory', 'individual');
  add(`${base}/input`, 'route.individual.input', 'individual');
  add(`${base}/intensity`, 'route.individual.intensity', 'individual');
  add(`${base}/list`, 'route.individual.list', 'individual');
  add(`${base}/list/logistics`, 'route.individual.list.logistics', 'individual');
  add(`${base}/list/logistics/:id/detail`, 'route.individual.list.logistics.detail', 'individual');
  add(`${base}/input/logistics/:id?/create`, 'route.individual.input.logistics.create', 'individual');
  add(`${base}/input/logistics/:id?/distance`, 'route.individual.input.logistics.distance', 'individual');
  add(`${base}/input/logistics/:id?/location`, 'route.individual.input.logistics.location', 'individual');
  if (withPlantEngineering) {
    add(`${base}/list/pe`, 'route.individual.list.pe', 'individual');
    add(`${base}/list/pe/:id/detail`, 'route.individual.list.pe.detail', 'individual');
    add(`${base}/input/pe/:id?/create`, 'route.individual.input.pe.create', 'individual');
    add(`${base}/input/pe/:id?/location`, 'route.individual.input.pe.location', 'individual');
    add(`${base}/googlemaptest`, 'route.individual.googlemaptest', 'individual');
    add(`${base}/googlemaptest/search-route`, 'route.individual.googlemaptest.searchRoute', 'individual');
  }
}
individual('', true);
individual('/t2', false);

export const routeTable: readonly RouteDef[] = routes;

const byPath = new Map(routes.map((r) => [r.path, r]));
export const routeByPath = (path: string) => byPath.get(path);

/** A concrete URL for a pattern: optional params dropped, required ones filled with an example. */
export function examplePath(pattern: string, example: Record<string, string> = {}): string {
  return (
    pattern
      .split('/')
      .filter((segment) => !(segment.startsWith(':') && segment.endsWith('?')))
      .map((segment) => (segment.startsWith(':') ? (example[segment.slice(1)] ?? 'demo-1') : segment))
      .join('/') || '/'
  );
}

/** A link to a pattern, or null when it needs a value we do not have (an id). */
export function linkablePath(pattern: string): string | null {
  const required = pattern.split('/').some((s) => s.startsWith(':') && !s.endsWith('?'));
  return required ? null : examplePath(pattern);
}

/** Parent of a route: the longest proper prefix of its pattern that is itself a route. */
export function parentOf(def: RouteDef): RouteDef | undefined {
  if (def.path === '/') return undefined;
  const segments = def.path.split('/');
  for (let n = segments.length - 1; n >= 1; n -= 1) {
    const prefix = segments.slice(0, n).join('/') || '/';
    if (prefix === '/') return def.access === 'auth' ? byPath.get('/') : undefined;
    const found = byPath.get(prefix);
    if (found) return found;
  }
  return undefined;
}

/** Home → … → the route itself, each crumb with the pattern it stands for. */
export function breadcrumbTrail(def: RouteDef): RouteDef[] {
  const trail: RouteDef[] = [];
  for (let d: RouteDef | undefined = def; d; d = parentOf(d)) trail.unshift(d);
  return trail;
}

/** Routes whose parent is `def` and that can be linked without an id. */
export function childrenOf(def: RouteDef): RouteDef[] {
  return routes.filter((r) => r !== def && parentOf(r) === def && r.access === 'auth');
}

/** Fills a parent pattern's params from the current URL's params. */
export function hrefFor(pattern: string, params: Record<string, string | undefined>): string | null {
  const parts: string[] = [];
  for (const segment of pattern.split('/')) {
    if (!segment.startsWith(':')) parts.push(segment);
    else {
      const name = segment.replace(/^:/, '').replace(/\?$/, '');
      const value = params[name];
      if (value) parts.push(encodeURIComponent(value));
      else if (!segment.endsWith('?')) return null;
    }
  }
  return parts.join('/') || '/';
}
