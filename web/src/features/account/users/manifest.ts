import { defineFeature } from '../../../core/features/manifest';

/** User management (an addition to the product's route list, see routeTable.unit.test.ts). */
export const usersFeature = defineFeature({
  name: 'account/users',
  routes: [
    {
      path: '/account/setting/users',
      title: 'route.account.setting.users',
      group: 'account',
      screen: () => import('./UsersPage'),
      nav: { label: 'nav.item.users', order: 40 },
      settingsIndex: { section: 'organization', order: 40, icon: 'people', description: 'settings.index.users' },
    },
  ],
});
