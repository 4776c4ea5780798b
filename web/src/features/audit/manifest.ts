import { defineFeature } from '../../core/features/manifest';

/** The audit log (an addition to the product's route list, see routeTable.unit.test.ts), reachable from the settings page. */
export const auditFeature = defineFeature({
  name: 'audit',
  routes: [
    {
      path: '/emission/setting/audit-log',
      title: 'route.emission.setting.auditLog',
      group: 'settings',
      screen: () => import('./AuditLogPage'),
      nav: { label: 'nav.item.auditLog', order: 140 },
      settingsIndex: { section: 'basic', order: 30, icon: 'history', description: 'settings.index.auditLog' },
    },
  ],
  live: { auditlog: [['auditlog']] },
  // Every change of a company's data is also a new audit entry.
  liveOnAnyCompanyChange: [['auditlog']],
});
