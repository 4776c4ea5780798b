import { defineFeature } from '../../core/features/manifest';

/** Non-GHG data: categories and records. Coming soon. */
export const nonGhgFeature = defineFeature({
  name: 'nonGhg',
  routes: [
    { path: '/non-ghg', title: 'route.nonGhg', group: 'nonGhg', nav: { label: 'nav.item.nonGhgCategories', order: 10 } },
    { path: '/non-ghg/child-category', title: 'route.nonGhg.childCategory', group: 'nonGhg' },
    { path: '/non-ghg/record', title: 'route.nonGhg.record', group: 'nonGhg', nav: { label: 'nav.item.nonGhgRecords', order: 20 } },
  ],
});
