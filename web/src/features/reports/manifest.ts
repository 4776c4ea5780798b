import { defineFeature } from '../../core/features/manifest';

/**
 * Reports of a fiscal year (issue 16): the draft as of now or a past moment, filing it, the filed
 * reports, and one filed report re-rendered from the log beside the figures of now.
 */
export const reportsFeature = defineFeature({
  name: 'reports',
  routes: [
    { path: '/emission/report', title: 'route.emission.report', group: 'views', asOf: 'page', screen: () => import('./ReportListPage'), nav: { label: 'nav.item.report', order: 100 } },
    { path: '/emission/report/detail', title: 'route.emission.report.detail', group: 'views', screen: () => import('./ReportDetailPage') },
    // The base year and its recalculation (an addition to the product's route list, see routeTable.unit.test.ts).
    // The 省エネ法 periodic report (an addition to the product's route list, see routeTable.unit.test.ts).
    { path: '/emission/report/energy', title: 'route.emission.report.energy', group: 'views', asOf: 'bar', screen: () => import('./EnergyReportPage'), nav: { label: 'nav.item.energyReport', order: 103 } },
    // The 温対法 SHK report (an addition to the product's route list, see routeTable.unit.test.ts).
    { path: '/emission/report/shk', title: 'route.emission.report.shk', group: 'views', asOf: 'bar', screen: () => import('./ShkReportPage'), nav: { label: 'nav.item.shkReport', order: 104 } },
    { path: '/emission/report/base-year', title: 'route.emission.report.baseYear', group: 'views', screen: () => import('./BaseYearPage'), nav: { label: 'nav.item.baseYear', order: 105 } },
  ],
  // A filing is announced under 'reports'; a line recorded anywhere changes the draft and the "now" of a filed report.
  // The SHK report reads the certificates and offsets as of its moment: a change to either changes "now".
  live: { reports: [['reports']], 'activity/lines': [['reports']], 'settings/offset': [['reports']], 'settings/nonFossilCertificate': [['reports']] },
});
