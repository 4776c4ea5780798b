import { defineFeature } from '../../core/features/manifest';

/** The emissions aggregate: a fiscal year's activity lines totalled by scope and category. */
export const aggregateFeature = defineFeature({
  name: 'aggregate',
  routes: [
    {
      path: '/emission/aggregate',
      title: 'route.emission.aggregate',
      group: 'input',
      screen: () => import('./AggregatePage'),
      nav: { label: 'nav.item.aggregate', order: 50 },
    },
  ],
  // Its query is keyed under the ledger's topic: a line recorded anywhere refreshes the totals.
  live: { 'activity/lines': [['activity/lines']] },
});
