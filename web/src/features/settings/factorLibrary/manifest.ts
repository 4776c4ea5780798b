import { defineFeature } from '../../../core/features/manifest';

/** The emission-factor library and the company's own factor sets (an addition to the product's route list, see routeTable.unit.test.ts). */
export const factorLibraryFeature = defineFeature({
  name: 'settings/factorLibrary',
  routes: [
    {
      path: '/emission/setting/emission-factor',
      title: 'route.emission.setting.emissionFactor',
      group: 'settings',
      screen: () => import('./FactorLibraryPage'),
      nav: { label: 'nav.item.emissionFactor', order: 120 },
      settingsIndex: { section: 'calculation', order: 20, icon: 'database', description: 'settings.index.emissionFactor' },
    },
  ],
  live: { 'calculation/companyFactorSets': [['calculation/companyFactorSets']] },
});
