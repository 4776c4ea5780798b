import { defineFeature, type FeatureRoute } from '../../core/features/manifest';
import { INPUT_CATEGORIES } from './categories';

/** Entering activity data: by category (the overview and one page per category); section activity is coming soon (the records are features/record). */
export const inputFeature = defineFeature({
  name: 'input',
  routes: [
    { path: '/emission/input', title: 'route.emission.input', group: 'input', screen: () => import('./InputIndexPage'), nav: { label: 'nav.item.input', order: 10 } },
    // Input pages by category: 1, 2, 31–315 and water.
    ...INPUT_CATEGORIES.map((category): FeatureRoute => ({
      path: `/emission/input/${category}`,
      title: 'route.emission.input.category',
      group: 'input',
      titleValues: { category },
      screen: () => import('./InputCategoryPage'),
    })),
    // Company-section activity.
    { path: '/emission/company-section-activity/assignment', title: 'route.emission.companySectionActivity.assignment', group: 'input' },
    { path: '/emission/company-section-activity/assignment/register', title: 'route.emission.companySectionActivity.assignment.register', group: 'input' },
    { path: '/emission/company-section-activity/detail', title: 'route.emission.companySectionActivity.detail', group: 'input' },
    { path: '/emission/company-section-activity/list', title: 'route.emission.companySectionActivity.list', group: 'input', nav: { label: 'nav.item.sectionActivity', order: 40 } },
    { path: '/emission/company-section-activity/notification', title: 'route.emission.companySectionActivity.notification', group: 'input' },
    { path: '/emission/company-section-activity/notification/register', title: 'route.emission.companySectionActivity.notification.register', group: 'input' },
  ],
  // The input pages' queries are keyed 'activity/lines': another user's line appears without a reload.
  live: { 'activity/lines': [['activity/lines']] },
});
