import { defineFeature } from '../../../core/features/manifest';

/** Each intensity's value per fiscal year. */
export const managementIntensityFeature = defineFeature({
  name: 'settings/managementIntensity',
  routes: [
    {
      path: '/emission/setting/management-intensity',
      title: 'route.emission.setting.managementIntensity',
      group: 'settings',
      screen: () => import('./ManagementIntensityPage'),
      nav: { label: 'route.emission.setting.managementIntensity', order: 110 },
      settingsIndex: { section: 'calculation', order: 50, icon: 'th-list', description: 'settings.index.managementIntensity' },
    },
  ],
  live: { 'settings/managementIntensity': [['settings/managementIntensity']] },
});
