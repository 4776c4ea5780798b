import { defineFeature } from '../../../core/features/manifest';

/** Intensities: the denominators emissions are divided by (sales, floor area, …). */
export const intensityFeature = defineFeature({
  name: 'settings/intensity',
  routes: [
    {
      path: '/emission/setting/intensity',
      title: 'route.emission.setting.intensity',
      group: 'settings',
      screen: () => import('./IntensityPage'),
      nav: { label: 'route.emission.setting.intensity', order: 100 },
      settingsIndex: { section: 'calculation', order: 40, icon: 'divide', description: 'settings.index.intensity' },
    },
  ],
  live: { 'settings/intensity': [['settings/intensity']] },
});
