import { defineFeature } from '../../../core/features/manifest';

/** Personal API tokens for API clients (issue 16 §6; an addition to the product's route list, see routeTable.unit.test.ts). */
export const apiTokensFeature = defineFeature({
  name: 'account/apiTokens',
  routes: [
    {
      path: '/account/setting/api-tokens',
      title: 'route.account.setting.apiTokens',
      group: 'account',
      screen: () => import('./ApiTokensPage'),
      nav: { label: 'nav.item.apiTokens', order: 45 },
      settingsIndex: { section: 'organization', order: 45, icon: 'key', description: 'settings.index.apiTokens' },
    },
  ],
  live: { 'organization/apiTokens': [['apiTokens']] },
});
