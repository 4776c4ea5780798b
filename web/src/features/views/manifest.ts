import { defineFeature, type FeatureRoute } from '../../core/features/manifest';
import type { CategoryKey } from '../../core/router/categories';
import { SCOPE_DETAIL_PAGES } from './scope/detailPages';

/** Scope detail pages /emission/view/scope/detail/{category}/{n}: one route per page detailPages.ts lists. */
const scopeDetails = Object.entries(SCOPE_DETAIL_PAGES).flatMap(([category, pages]) =>
  pages.map(
    (_, i): FeatureRoute => ({
      path: `/emission/view/scope/detail/${category}/${i + 1}`,
      title: 'route.emission.view.scope.detail',
      group: 'views',
      titleValues: { category: category as CategoryKey, n: i + 1 },
      asOf: 'bar',
      screen: () => import('./scope/ScopeDetailPage'),
    }),
  ),
);

/** Looking at results: the views (overview, company, division, scope and its detail pages so far) and the export (the reports are features/reports). */
export const viewsFeature = defineFeature({
  name: 'views',
  // The views' queries are keyed under the ledger's topic: a line recorded anywhere refreshes them,
  // and so does an offset (the totals carry each year's offsets beside the gross figures).
  live: { 'activity/lines': [['activity/lines']], 'settings/offset': [['activity/lines']] },
  routes: [
    { path: '/export', title: 'route.export', group: 'views', screen: () => import('./export/ExportPage'), nav: { label: 'nav.item.export', order: 110 } },
    { path: '/emission/view', title: 'route.emission.view', group: 'views', asOf: 'bar', screen: () => import('./company/ViewIndexPage'), nav: { label: 'nav.item.viewOverview', order: 10 } },
    { path: '/emission/view/company', title: 'route.emission.view.company', group: 'views', asOf: 'bar', screen: () => import('./company/CompanyViewPage'), nav: { label: 'nav.item.viewCompany', order: 30 } },
    { path: '/emission/view/division', title: 'route.emission.view.division', group: 'views', asOf: 'bar', screen: () => import('./division/DivisionPage'), nav: { label: 'nav.item.viewDivision', order: 40 } },
    { path: '/emission/view/division/detail', title: 'route.emission.view.division.detail', group: 'views', asOf: 'bar', screen: () => import('./division/DivisionDetailPage') },
    { path: '/emission/view/emission-comparison', title: 'route.emission.view.emissionComparison', group: 'views', asOf: 'bar', screen: () => import('./comparison/ComparisonPage'), nav: { label: 'nav.item.viewComparison', order: 80 } },
    { path: '/emission/view/group-flag', title: 'route.emission.view.groupFlag', group: 'views', asOf: 'bar', screen: () => import('./groupFlag/GroupFlagPage'), nav: { label: 'nav.item.viewGroupFlag', order: 60 } },
    { path: '/emission/view/group-flag/details', title: 'route.emission.view.groupFlag.details', group: 'views', asOf: 'bar', screen: () => import('./groupFlag/GroupFlagDetailsPage') },
    { path: '/emission/view/group-flag/transition', title: 'route.emission.view.groupFlag.transition', group: 'views', asOf: 'bar', screen: () => import('./groupFlag/GroupFlagTransitionPage') },
    { path: '/emission/view/intensity', title: 'route.emission.view.intensity', group: 'views', asOf: 'bar', screen: () => import('./intensity/IntensityPage'), nav: { label: 'nav.item.viewIntensity', order: 70 } },
    { path: '/emission/view/intensity/detail', title: 'route.emission.view.intensity.detail', group: 'views', asOf: 'bar', screen: () => import('./intensity/IntensityDetailPage') },
    { path: '/emission/view/region', title: 'route.emission.view.region', group: 'views', asOf: 'bar', screen: () => import('./region/RegionPage'), nav: { label: 'nav.item.viewRegion', order: 50 } },
    { path: '/emission/view/region/detail/first', title: 'route.emission.view.region.detail.first', group: 'views', asOf: 'bar', screen: () => import('./region/RegionFirstPage') },
    { path: '/emission/view/region/detail/second', title: 'route.emission.view.region.detail.second', group: 'views', asOf: 'bar', screen: () => import('./region/RegionSecondPage') },
    { path: '/emission/view/region/detail/third', title: 'route.emission.view.region.detail.third', group: 'views', asOf: 'bar', screen: () => import('./region/RegionThirdPage') },
    { path: '/emission/view/scope', title: 'route.emission.view.scope', group: 'views', asOf: 'bar', screen: () => import('./scope/ScopePage'), nav: { label: 'nav.item.viewScope', order: 20 } },
    { path: '/emission/view/product/category', title: 'route.emission.view.product.category', group: 'views', nav: { label: 'nav.item.viewProduct', order: 90 } },
    { path: '/emission/view/product/category/:level', title: 'route.emission.view.product.category.level', group: 'views', titleParams: ['level'] },
    { path: '/emission/view/product/detail', title: 'route.emission.view.product.detail', group: 'views' },
    { path: '/emission/view/product/section', title: 'route.emission.view.product.section', group: 'views' },
    ...scopeDetails,
  ],
});
