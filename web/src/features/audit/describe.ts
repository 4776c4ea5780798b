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
  ReductionGoalAdded: 'audit.event.ReductionGoalAdded',
  ReductionGoalChanged: 'audit.event.ReductionGoalChanged',
  ReductionGoalRemoved: 'audit.event.ReductionGoalRemoved',
  OffsetAdded: 'audit.event.OffsetAdded',
  OffsetChanged: 'audit.event.OffsetChanged',
  OffsetRemoved: 'audit.event.OffsetRemoved',
  NonFossilCertificateAdded: 'audit.event.NonFossilCertificateAdded',
  NonFossilCertificateChanged: 'audit.event.NonFossilCertificateChanged',
  NonFossilCertificateRemoved: 'audit.event.NonFossilCertificateRemoved',
  GroupFlagCreated: 'audit.event.GroupFlagCreated',
  GroupFlagRenamed: 'audit.event.GroupFlagRenamed',
  GroupFlagSectionsSet: 'audit.event.GroupFlagSectionsSet',
  GroupFlagDeleted: 'audit.event.GroupFlagDeleted',
  IntensityAdded: 'audit.event.IntensityAdded',
  IntensityChanged: 'audit.event.IntensityChanged',
  IntensityRemoved: 'audit.event.IntensityRemoved',
  ManagementIntensityAdded: 'audit.event.ManagementIntensityAdded',
  ManagementIntensityChanged: 'audit.event.ManagementIntensityChanged',
  ManagementIntensityRemoved: 'audit.event.ManagementIntensityRemoved',
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
  scopeCategory: 'audit.field.scopeCategory',
  goalYear: 'audit.field.goalYear',
  goalEmission: 'audit.field.goalEmission',
  targetYear: 'audit.field.targetYear',
  targetEmission: 'audit.field.targetEmission',
  goalEmissionPercentage: 'audit.field.goalEmissionPercentage',
  type: 'audit.field.type',
  particularNumberFrom: 'audit.field.particularNumberFrom',
  particularNumberTo: 'audit.field.particularNumberTo',
  invalidOrRelocationQuantity: 'audit.field.invalidOrRelocationQuantity',
  invalidOrRelocationDate: 'audit.field.invalidOrRelocationDate',
  authType: 'audit.field.authType',
  certificateType: 'audit.field.certificateType',
  quantityKwh: 'audit.field.quantityKwh',
  periodFrom: 'audit.field.periodFrom',
  periodTo: 'audit.field.periodTo',
  tracking: 'audit.field.tracking',
  powerSource: 'audit.field.powerSource',
  generatorName: 'audit.field.generatorName',
  generatorLocation: 'audit.field.generatorLocation',
  intensityId: 'audit.field.intensityId',
  value: 'audit.field.value',
  unit: 'audit.field.unit',
  sectionIds: 'audit.field.sectionIds',
};

export const topicName: Record<string, MessageId> = {
  'settings/fiscalYear': 'audit.topic.fiscalYear',
  'settings/currency': 'audit.topic.currency',
  'organization/companies': 'audit.topic.companies',
  'organization/companySections': 'audit.topic.companySections',
  'account/user': 'audit.topic.user',
  'settings/reductionGoal': 'audit.topic.reductionGoal',
  'settings/offset': 'audit.topic.offset',
  'settings/nonFossilCertificate': 'audit.topic.nonFossilCertificate',
  'settings/groupFlag': 'audit.topic.groupFlag',
  'settings/intensity': 'audit.topic.intensity',
  'settings/managementIntensity': 'audit.topic.managementIntensity',
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
