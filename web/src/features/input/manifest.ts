import { defineFeature, type FeatureRoute } from '../../core/features/manifest';
import { SCOPE3_CATEGORIES, type CategoryKey } from '../../core/router/categories';

const categories: readonly CategoryKey[] = ['1', '2', ...SCOPE3_CATEGORIES, 'water'];

/** Entering activity data: by category, the records, section activity, the aggregate. Coming soon. */
export const inputFeature = defineFeature({
  name: 'input',
  routes: [
    { path: '/emission/aggregate', title: 'route.emission.aggregate', group: 'input', nav: { label: 'nav.item.aggregate', order: 50 } },
    { path: '/emission/input', title: 'route.emission.input', group: 'input', nav: { label: 'nav.item.input', order: 10 } },
    { path: '/emission/record', title: 'route.emission.record', group: 'input', nav: { label: 'nav.item.record', order: 20 } },
    { path: '/emission/record/import-history', title: 'route.emission.record.importHistory', group: 'input', nav: { label: 'nav.item.importHistory', order: 30 } },
    // Input pages by category: 1, 2, 31–315 and water.
    ...categories.map((category): FeatureRoute => ({ path: `/emission/input/${category}`, title: 'route.emission.input.category', group: 'input', titleValues: { category } })),
    // Company-section activity.
    { path: '/emission/company-section-activity/assignment', title: 'route.emission.companySectionActivity.assignment', group: 'input' },
    { path: '/emission/company-section-activity/assignment/register', title: 'route.emission.companySectionActivity.assignment.register', group: 'input' },
    { path: '/emission/company-section-activity/detail', title: 'route.emission.companySectionActivity.detail', group: 'input' },
    { path: '/emission/company-section-activity/list', title: 'route.emission.companySectionActivity.list', group: 'input', nav: { label: 'nav.item.sectionActivity', order: 40 } },
    { path: '/emission/company-section-activity/notification', title: 'route.emission.companySectionActivity.notification', group: 'input' },
    { path: '/emission/company-section-activity/notification/register', title: 'route.emission.companySectionActivity.notification.register', group: 'input' },
  ],
  // The input pages have no screen yet; their queries (keyed 'activity/lines') follow the ledger's topic already.
  live: { 'activity/lines': [['activity/lines']] },
});
