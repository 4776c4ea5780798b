import { defineFeature } from '../../core/features/manifest';

/** The dashboard. */
export const homeFeature = defineFeature({
  name: 'home',
  routes: [{ path: '/', title: 'route.home', group: 'dashboard', screen: () => import('./HomePage'), nav: { label: 'nav.item.dashboard', order: 10 } }],
});
