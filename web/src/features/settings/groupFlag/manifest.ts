import { defineFeature } from '../../../core/features/manifest';

/** Group flags: named sets of sections, and the page that edits one. */
export const groupFlagFeature = defineFeature({
  name: 'settings/groupFlag',
  routes: [
    {
      path: '/emission/setting/group-flag',
      title: 'route.emission.setting.groupFlag',
      group: 'settings',
      screen: () => import('./GroupFlagPage'),
      nav: { label: 'route.emission.setting.groupFlag', order: 60 },
      settingsIndex: { section: 'organization', order: 30, icon: 'flag', description: 'settings.index.groupFlag' },
    },
    { path: '/emission/setting/group-flag/edit', title: 'route.emission.setting.groupFlag.edit', group: 'settings', screen: () => import('./GroupFlagEditPage') },
  ],
  live: { 'settings/groupFlag': [['settings/groupFlag']] },
});
