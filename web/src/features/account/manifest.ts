import { defineFeature } from '../../core/features/manifest';

/** The user's own account: overview, own settings, the companies of the group. */
export const accountFeature = defineFeature({
  name: 'account',
  routes: [
    { path: '/account', title: 'route.account', group: 'account', screen: () => import('./AccountPage'), nav: { label: 'nav.item.account', order: 10 } },
    {
      path: '/account/setting/company',
      title: 'route.account.setting.company',
      group: 'account',
      screen: () => import('./companySetting/CompanySettingPage'),
      nav: { label: 'nav.item.companySetting', order: 30 },
    },
    {
      path: '/account/setting/user',
      title: 'route.account.setting.user',
      group: 'account',
      screen: () => import('./userSetting/UserSettingPage'),
      nav: { label: 'nav.item.userSetting', order: 20 },
    },
  ],
  live: {
    // The user's own record: role, access and preferences decide which companies they see.
    'account/user': [['authUser'], ['companies']],
    'organization/companies': [['companies']],
  },
});
