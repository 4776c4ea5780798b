import { defineFeature } from '../../../core/features/manifest';

/** Offsets (credits) and non-fossil certificates. */
export const offsetFeature = defineFeature({
  name: 'settings/offset',
  routes: [
    {
      path: '/emission/setting/offset',
      title: 'route.emission.setting.offset',
      group: 'settings',
      screen: () => import('./OffsetPage'),
      nav: { label: 'nav.item.offset', order: 90 },
      settingsIndex: { section: 'targets', order: 20, icon: 'swap-horizontal', description: 'settings.index.offset' },
    },
  ],
  live: {
    'settings/offset': [['settings/offset']],
    'settings/nonFossilCertificate': [['settings/nonFossilCertificate']],
  },
});
