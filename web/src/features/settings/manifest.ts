import { defineFeature } from '../../core/features/manifest';

/** The settings index (every setting in one place) and the settings not built yet. */
export const settingsFeature = defineFeature({
  name: 'settings',
  routes: [
    { path: '/emission/setting', title: 'route.emission.setting', group: 'settings', screen: () => import('./SettingsIndexPage'), nav: { label: 'nav.item.settingsAll', order: 10 } },
    // Coming soon.
    {
      path: '/emission/setting/product-specification-management',
      title: 'route.emission.setting.productSpecificationManagement',
      group: 'settings',
      settingsIndex: { section: 'calculation', order: 60, icon: 'cube', description: 'settings.index.productSpecification' },
    },
  ],
});
