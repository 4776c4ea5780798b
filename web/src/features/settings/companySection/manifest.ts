import { defineFeature } from '../../../core/features/manifest';

/** The company's section tree. */
export const companySectionFeature = defineFeature({
  name: 'settings/companySection',
  routes: [
    {
      path: '/emission/setting/company-section',
      title: 'route.emission.setting.companySection',
      group: 'settings',
      screen: () => import('./CompanySectionPage'),
      nav: { label: 'nav.item.companySection', order: 40 },
      settingsIndex: { section: 'organization', order: 10, icon: 'diagram-tree', description: 'settings.index.companySection' },
    },
  ],
  live: { 'organization/companySections': [['companySections']] },
});
