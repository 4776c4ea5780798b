import type { MessageId } from '@ghg/locales';

/** Event types of the audit log, in words. Unknown types show their raw name. */
const eventName: Record<string, MessageId> = {
  FiscalYearStartMonthSet: 'audit.event.FiscalYearStartMonthSet',
  CurrencyRateAdded: 'audit.event.CurrencyRateAdded',
  CurrencyRateChanged: 'audit.event.CurrencyRateChanged',
  CurrencyRateRemoved: 'audit.event.CurrencyRateRemoved',
  CompanyRegistered: 'audit.event.CompanyRegistered',
  CompanyRegionChanged: 'audit.event.CompanyRegionChanged',
  CompanyConsolidationChanged: 'audit.event.CompanyConsolidationChanged',
  CompanySectionCreated: 'audit.event.CompanySectionCreated',
  CompanySectionUpdated: 'audit.event.CompanySectionUpdated',
  CompanySectionDeleted: 'audit.event.CompanySectionDeleted',
  UserRegistered: 'audit.event.UserRegistered',
  UserPreferencesChanged: 'audit.event.UserPreferencesChanged',
};

const fieldName: Record<string, MessageId> = {
  startMonth: 'audit.field.startMonth',
  fiscalYear: 'audit.field.fiscalYear',
  currencyUnit: 'audit.field.currencyUnit',
  rate: 'audit.field.rate',
  name: 'audit.field.name',
  region: 'audit.field.region',
  equitySharePercent: 'audit.field.equitySharePercent',
  controlApproach: 'audit.field.controlApproach',
  displayName: 'audit.field.displayName',
  parentSectionId: 'audit.field.parentSectionId',
  energyConservationActReportSectionType: 'audit.field.energyConservationActReportSectionType',
  email: 'audit.field.email',
  role: 'audit.field.role',
  language: 'audit.field.language',
  selectedCompanyId: 'audit.field.selectedCompanyId',
};

export const topicName: Record<string, MessageId> = {
  'settings/fiscalYear': 'audit.topic.fiscalYear',
  'settings/currency': 'audit.topic.currency',
  'organization/companies': 'audit.topic.companies',
  'organization/companySections': 'audit.topic.companySections',
  'account/user': 'audit.topic.user',
};

export type EventKind = 'added' | 'changed' | 'removed';

export function eventKind(type: string): EventKind {
  if (/(Removed|Deleted)$/.test(type)) return 'removed';
  if (/(Added|Created|Registered)$/.test(type)) return 'added';
  return 'changed';
}

export const eventMessage = (type: string): MessageId | undefined => eventName[type];
export const fieldMessage = (field: string): MessageId | undefined => fieldName[field];

/** Days (local yyyy-mm-dd) with their number of changes, oldest first, zero days included. */
export function changesPerDay(occurredAt: readonly string[], days: number, today: Date): { day: string; count: number }[] {
  const key = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const counts = new Map<string, number>();
  for (const at of occurredAt) {
    const k = key(new Date(at));
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const result: { day: string; count: number }[] = [];
  for (let i = days - 1; i >= 0; i -= 1) {
    const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - i);
    result.push({ day: key(d), count: counts.get(key(d)) ?? 0 });
  }
  return result;
}
