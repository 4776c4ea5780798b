import { defineFeature } from '../../../core/features/manifest';

/** Yen per unit of a foreign currency, per fiscal year. */
export const currencyFeature = defineFeature({
  name: 'settings/currency',
  routes: [
    {
      path: '/emission/setting/currency',
      title: 'route.emission.setting.currency',
      group: 'settings',
      screen: () => import('./CurrencyPage'),
      nav: { label: 'nav.item.currency', order: 30 },
      settingsIndex: { section: 'basic', order: 20, icon: 'exchange', description: 'settings.index.currency' },
    },
  ],
  live: { 'settings/currency': [['currency']] },
});
