import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router-dom';
import { routeTable } from '../router/routeTable';
import { activeNavPath, navigation } from './navigation';

describe('side navigation', () => {
  it('groups the routes as dashboard, input, views, individual projects, products, non-GHG, settings, account', () => {
    expect(navigation('t1').map((s) => s.group)).toEqual(['dashboard', 'input', 'views', 'individual', 'products', 'nonGhg', 'settings', 'account']);
  });

  it('links only to routes that exist', () => {
    for (const type of ['t1', 't2'] as const) {
      for (const item of navigation(type).flatMap((s) => s.items)) {
        expect(routeTable.some((r) => matchPath({ path: r.path, end: true }, item.path)), item.path).toBe(true);
      }
    }
  });

  it('uses the t2 individual routes on a t2 deployment', () => {
    const individual = navigation('t2').find((s) => s.group === 'individual')!;
    expect(individual.items.every((i) => i.path.startsWith('/emission/individual/t2/'))).toBe(true);
  });

  it('highlights the closest item', () => {
    const nav = navigation('t1');
    expect(activeNavPath(nav, '/')).toBe('/');
    expect(activeNavPath(nav, '/emission/setting/currency')).toBe('/emission/setting/currency');
    expect(activeNavPath(nav, '/emission/setting/group-flag/edit')).toBe('/emission/setting/group-flag');
    expect(activeNavPath(nav, '/emission/setting/scope/detail')).toBe('/emission/setting/scope');
    expect(activeNavPath(nav, '/emission/setting/product-specification-management')).toBe('/emission/setting');
    expect(activeNavPath(nav, '/emission/view/scope/detail/31/1')).toBe('/emission/view/scope');
    expect(activeNavPath(nav, '/unknown')).toBeNull();
  });
});
