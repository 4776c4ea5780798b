import { defineFeature } from '../../../core/features/manifest';

/** Scope settings: which formula (and which of its inputs) calculates each kind of activity of a section. */
export const scopeSettingFeature = defineFeature({
  name: 'settings/scopeSetting',
  routes: [
    {
      path: '/emission/setting/scope',
      title: 'route.emission.setting.scope',
      group: 'settings',
      screen: () => import('./ScopeSettingPage'),
      nav: { label: 'nav.item.scopeSetting', order: 70 },
      settingsIndex: { section: 'calculation', order: 10, icon: 'layers', description: 'settings.index.scope' },
    },
    { path: '/emission/setting/scope/detail', title: 'route.emission.setting.scope.detail', group: 'settings', screen: () => import('./ScopeSettingDetailPage') },
  ],
  live: { 'settings/scopeSetting': [['settings/scopeSetting']] },
});
