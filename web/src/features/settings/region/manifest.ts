import { defineFeature } from '../../../core/features/manifest';

/** The company's region (its changes are announced as 'organization/companies', which the account feature follows). */
export const regionFeature = defineFeature({
  name: 'settings/region',
  routes: [
    {
      path: '/emission/setting/region',
      title: 'route.emission.setting.region',
      group: 'settings',
      screen: () => import('./RegionPage'),
      nav: { label: 'route.emission.setting.region', order: 50 },
      settingsIndex: { section: 'organization', order: 20, icon: 'globe', description: 'settings.index.region' },
    },
  ],
});
