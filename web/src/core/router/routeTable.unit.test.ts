import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router-dom';
import { catalogues } from '@ghg/locales';
import { breadcrumbTrail, childrenOf, examplePath, hrefFor, linkablePath, routeByPath, routeTable } from './routeTable';

/** The product's route list, typed out again here instead of read from the route table. */
function specRoutes(): string[] {
  const top = [
    '/', '/account', '/export', '/non-ghg', '/non-ghg/child-category', '/non-ghg/record', '/auth/login', '/auth/forget-password',
    '/auth/password-resetting', '/products/comparison', '/products/comparison/detail', '/products/comparison/registration',
    '/products/list', '/products/list/detail', '/products/list/edit-parameter', '/products/list/parameter',
  ];
  const account = ['/account/setting/company', '/account/setting/user'];
  const emission = ['aggregate', 'input', 'record', 'record/import-history', 'report', 'report/detail', 'setting', 'view'].map((p) => `/emission/${p}`);
  const inputCategories = ['1', '2', '31', '310', '311', '312', '313', '314', '315', '32', '33', '34', '35', '36', '37', '38', '39', 'water'].map(
    (c) => `/emission/input/${c}`,
  );
  const settings = [
    'company-section', 'currency', 'fiscal-year', 'group-flag', 'group-flag/edit', 'intensity', 'management-intensity', 'offset',
    'product-specification-management', 'reduction-goal', 'region', 'scope', 'scope/detail',
  ].map((p) => `/emission/setting/${p}`);
  const views = [
    'company', 'division', 'division/detail', 'emission-comparison', 'group-flag', 'group-flag/details', 'group-flag/transition',
    'intensity', 'intensity/detail', 'region', 'region/detail/first', 'region/detail/second', 'region/detail/third', 'scope',
    'product/category', 'product/category/2', 'product/detail', 'product/section',
  ].map((p) => `/emission/view/${p}`);
  const details: [string, number][] = [
    ['1', 4], ['2', 2], ['31', 2], ['310', 2], ['311', 3], ['312', 2], ['313', 2], ['314', 1], ['315', 2], ['32', 2], ['33', 3],
    ['34', 4], ['35', 2], ['36', 5], ['37', 5], ['38', 2], ['39', 4], ['water', 1],
  ];
  const scopeDetails = details.flatMap(([s, n]) => Array.from({ length: n }, (_, i) => `/emission/view/scope/detail/${s}/${i + 1}`));
  const activity = ['assignment', 'assignment/register', 'detail', 'list', 'notification', 'notification/register'].map(
    (p) => `/emission/company-section-activity/${p}`,
  );
  const individual = [
    'emissions', 'googlemaptest', 'googlemaptest/search-route', 'import', 'import/import-history', 'input', 'intensity', 'list',
    'list/logistics', 'list/pe', 'list/logistics/42/detail', 'list/pe/42/detail', 'input/logistics/create', 'input/logistics/42/create',
    'input/logistics/distance', 'input/logistics/42/distance', 'input/logistics/location', 'input/logistics/42/location',
    'input/pe/create', 'input/pe/42/create', 'input/pe/location', 'input/pe/42/location',
  ].map((p) => `/emission/individual/${p}`);
  const t2 = [
    'emissions', 'import', 'import/import-history', 'input', 'intensity', 'list', 'list/logistics', 'list/logistics/42/detail',
    'input/logistics/create', 'input/logistics/42/create', 'input/logistics/distance', 'input/logistics/42/distance',
    'input/logistics/location', 'input/logistics/42/location',
  ].map((p) => `/emission/individual/t2/${p}`);
  return [...top, ...account, ...emission, ...inputCategories, ...settings, ...views, ...scopeDetails, ...activity, ...individual, ...t2];
}

const matching = (url: string) => routeTable.filter((r) => matchPath({ path: r.path, end: true }, url));

describe('route table', () => {
  it.each(specRoutes())('has exactly one route for %s', (url) => {
    expect(matching(url).map((r) => r.path)).toHaveLength(1);
  });

  it('has no route outside the product’s route list, except the documented additions', () => {
    const spec = specRoutes();
    const extra = routeTable.filter((r) => !spec.some((url) => matchPath({ path: r.path, end: true }, url))).map((r) => r.path);
    // The documented additions: user management, API tokens, the audit log, the calculation basis, the factor library, the base year, the 省エネ法 energy report and the 温対法 SHK report.
    expect(extra.sort()).toEqual([
      '/account/setting/api-tokens',
      '/account/setting/users',
      '/emission/report/base-year',
      '/emission/report/energy',
      '/emission/report/shk',
      '/emission/setting/audit-log',
      '/emission/setting/calculation-basis',
      '/emission/setting/emission-factor',
    ]);
  });

  it('has no plant-engineering t2 variants', () => {
    expect(routeTable.some((r) => r.path.startsWith('/emission/individual/t2/') && r.path.includes('/pe'))).toBe(false);
  });

  it('has unique patterns and a translated title for each', () => {
    expect(new Set(routeTable.map((r) => r.path)).size).toBe(routeTable.length);
    for (const r of routeTable) for (const c of Object.values(catalogues)) expect(c[r.title], r.title).toBeTruthy();
  });

  it('protects every page except login and the password pages', () => {
    expect(routeTable.filter((r) => r.access !== 'auth').map((r) => r.path)).toEqual([
      '/auth/login',
      '/auth/forget-password',
      '/auth/password-resetting',
    ]);
  });

  it('has the first real screens', () => {
    for (const path of ['/emission/setting/fiscal-year', '/emission/setting/currency', '/account', '/account/setting/user', '/emission/setting/audit-log']) {
      expect(routeByPath(path)?.screen, path).toBeDefined();
    }
  });

  it('derives breadcrumbs from the path', () => {
    const trail = (p: string) => breadcrumbTrail(routeByPath(p)!).map((r) => r.path);
    expect(trail('/emission/setting/currency')).toEqual(['/', '/emission/setting', '/emission/setting/currency']);
    expect(trail('/emission/view/scope/detail/31/2')).toEqual(['/', '/emission/view', '/emission/view/scope', '/emission/view/scope/detail/31/2']);
    expect(trail('/emission/individual/list/logistics/:id/detail')).toEqual([
      '/',
      '/emission/individual/list',
      '/emission/individual/list/logistics',
      '/emission/individual/list/logistics/:id/detail',
    ]);
    expect(trail('/')).toEqual(['/']);
    expect(trail('/auth/login')).toEqual(['/auth/login']);
  });

  it('lists linkable children and fills params', () => {
    const children = childrenOf(routeByPath('/emission/individual/list')!).map((r) => r.path);
    expect(children).toContain('/emission/individual/list/logistics');
    expect(examplePath('/emission/individual/input/pe/:id?/create')).toBe('/emission/individual/input/pe/create');
    expect(examplePath('/emission/view/product/category/:level', { level: '2' })).toBe('/emission/view/product/category/2');
    expect(linkablePath('/emission/individual/list/pe/:id/detail')).toBeNull();
    expect(hrefFor('/emission/individual/list/pe/:id/detail', { id: 'p 1' })).toBe('/emission/individual/list/pe/p%201/detail');
    expect(hrefFor('/emission/individual/input/pe/:id?/create', {})).toBe('/emission/individual/input/pe/create');
  });
});
