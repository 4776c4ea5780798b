import { defineFeature } from '../../../core/features/manifest';

/** Reduction goals per goal year and category. */
export const reductionGoalFeature = defineFeature({
  name: 'settings/reductionGoal',
  routes: [
    {
      path: '/emission/setting/reduction-goal',
      title: 'route.emission.setting.reductionGoal',
      group: 'settings',
      screen: () => import('./ReductionGoalPage'),
      nav: { label: 'nav.item.reductionGoal', order: 80 },
      settingsIndex: { section: 'targets', order: 10, icon: 'trending-down', description: 'settings.index.reductionGoal' },
    },
  ],
  live: { 'settings/reductionGoal': [['settings/reductionGoal']] },
});
