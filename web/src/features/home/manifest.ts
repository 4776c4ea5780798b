import { defineFeature } from '../../core/features/manifest';

/** The dashboard; its emission figures (useHomeTotals → the views' useTotals) can be shown as of a past moment (`asOf: 'bar'`). */
export const homeFeature = defineFeature({
  name: 'home',
  // The emission figures are the views' queries, keyed under the ledger's topic: a line recorded anywhere refreshes them.
  live: { 'activity/lines': [['activity/lines']] },
  routes: [{ path: '/', title: 'route.home', group: 'dashboard', asOf: 'bar', screen: () => import('./HomePage'), nav: { label: 'nav.item.dashboard', order: 10 } }],
});
