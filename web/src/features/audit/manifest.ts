import { defineFeature } from '../../core/features/manifest';

/** The audit log (not in the spec's route list: issue 3 §7), reachable from the settings page. */
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
