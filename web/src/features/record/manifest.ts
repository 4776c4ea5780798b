import { defineFeature } from '../../core/features/manifest';

/** Linked data from source systems: the year's imported records and the import rules, the import flow, and the import history. */
export const recordFeature = defineFeature({
  name: 'record',
  routes: [
    { path: '/emission/record', title: 'route.emission.record', group: 'input', screen: () => import('./RecordPage'), nav: { label: 'nav.item.record', order: 20 } },
    {
      path: '/emission/record/import-history',
      title: 'route.emission.record.importHistory',
      group: 'input',
      screen: () => import('./ImportHistoryPage'),
      nav: { label: 'nav.item.importHistory', order: 30 },
    },
  ],
  // Query-key prefix = the topic (api.ts). The records are activity lines: an import, an undo or a
  // line changed by hand announces 'activity/lines'; the history and the rules their own topics.
  live: {
    'activity/lines': [['activity/lines']],
    'import/history': [['import/history']],
    'import/rules': [['import/rules']],
  },
});
