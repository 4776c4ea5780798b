import { defineFeature } from '../../../core/features/manifest';

/** The month the company's fiscal year starts in. */
export const fiscalYearFeature = defineFeature({
  name: 'settings/fiscalYear',
  routes: [
    {
      path: '/emission/setting/fiscal-year',
      title: 'route.emission.setting.fiscalYear',
      group: 'settings',
      screen: () => import('./FiscalYearPage'),
      nav: { label: 'nav.item.fiscalYear', order: 20 },
      settingsIndex: { section: 'basic', order: 10, icon: 'calendar', description: 'settings.index.fiscalYear' },
    },
  ],
  live: { 'settings/fiscalYear': [['fiscalYear']] },
});
