import type { AuditedEventType, AuditTopic, ConsolidationApproach } from '@ghg/events';
import type { MessageId } from '@ghg/locales';
import { isLocale } from '@ghg/locales/meta';
import type { AuditChange } from '../../core/api/types';
import { approachName, languageName, roleName } from '../../core/i18n/names';
import { regionMessage } from '../../core/ui/regions';
import { categoryName, type CategoryKey } from '../../core/router/categories';
import { actionName, countFromName, fieldMessage as linkedFieldMessage, sourceTypeName } from '../record/labels';
import { regimeName } from '../reports/names';
import { reasonName } from '../reports/names';

/**
 * Every audited event type in words, typed by the event union: a new event type is a type error
 * here until it is named (or listed as not audited in events/src/contracts/audit.ts). A type this
 * build does not know (written by a newer one) shows its raw name.
 */
const eventName: Record<AuditedEventType, MessageId> = {
  TenantCreated: 'audit.event.TenantCreated',
  TenantCompanyAdded: 'audit.event.TenantCompanyAdded',
  GroupConsolidationApproachChosen: 'audit.event.GroupConsolidationApproachChosen',
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
  UserAccessChanged: 'audit.event.UserAccessChanged',
  UserDeactivated: 'audit.event.UserDeactivated',
  UserReactivated: 'audit.event.UserReactivated',
  PasswordResetRequested: 'audit.event.PasswordResetRequested',
  PasswordChanged: 'audit.event.PasswordChanged',
  UserEmailClaimed: 'audit.event.UserEmailClaimed',
  ApiTokenCreated: 'audit.event.ApiTokenCreated',
  ApiTokenRevoked: 'audit.event.ApiTokenRevoked',
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
  ScopeSettingAdded: 'audit.event.ScopeSettingAdded',
  ScopeSettingChanged: 'audit.event.ScopeSettingChanged',
  ScopeSettingRemoved: 'audit.event.ScopeSettingRemoved',
  ActivityLineRecorded: 'audit.event.ActivityLineRecorded',
  ActivityLineChanged: 'audit.event.ActivityLineChanged',
  ActivityLineRemoved: 'audit.event.ActivityLineRemoved',
  ActivityLineRecalculated: 'audit.event.ActivityLineRecalculated',
  CalculationBasisSet: 'audit.event.CalculationBasisSet',
  CalculationBasisChanged: 'audit.event.CalculationBasisChanged',
  CompanyFactorSetCreated: 'audit.event.CompanyFactorSetCreated',
  CompanyFactorSaved: 'audit.event.CompanyFactorSaved',
  CompanyFactorRemoved: 'audit.event.CompanyFactorRemoved',
  CompanyFactorSetUploaded: 'audit.event.CompanyFactorSetUploaded',
  ImportRuleDefined: 'audit.event.ImportRuleDefined',
  ImportRuleChanged: 'audit.event.ImportRuleChanged',
  ImportRuleRemoved: 'audit.event.ImportRuleRemoved',
  DataImported: 'audit.event.DataImported',
  ImportedLinesListed: 'audit.event.ImportedLinesListed',
  ImportUndone: 'audit.event.ImportUndone',
  ImportRulesReapplied: 'audit.event.ImportRulesReapplied',
  ReportFiled: 'audit.event.ReportFiled',
  BaseYearSet: 'audit.event.BaseYearSet',
  BaseYearRestated: 'audit.event.BaseYearRestated',
};

/**
 * The fields the projector lists (projector/src/audit/auditDescriptors.ts); the test that renders
 * every event type (tests/audit) fails on one without a label. A pinned factor set's field is
 * `factorSets.<setId>`, named with its set id.
 */
const fieldName: Record<string, MessageId> = {
  startMonth: 'audit.field.startMonth',
  fiscalYear: 'audit.field.fiscalYear',
  currencyUnit: 'audit.field.currencyUnit',
  rate: 'audit.field.rate',
  name: 'audit.field.name',
  region: 'audit.field.region',
  equitySharePercent: 'audit.field.equitySharePercent',
  controlApproach: 'audit.field.controlApproach',
  consolidationApproach: 'audit.field.consolidationApproach',
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
  companyId: 'audit.field.companyId',
  companyIds: 'audit.field.companyIds',
  allCompanies: 'audit.field.allCompanies',
  sectionId: 'audit.field.sectionId',
  active: 'audit.field.active',
  expiresAt: 'audit.field.expiresAt',
  gwpSet: 'audit.field.gwpSet',
  reason: 'audit.field.reason',
  setId: 'audit.field.setId',
  title: 'audit.field.title',
  publisher: 'audit.field.publisher',
  citation: 'audit.field.citation',
  licence: 'audit.field.licence',
  version: 'audit.field.version',
  fileName: 'audit.field.fileName',
  mode: 'audit.field.mode',
  rows: 'audit.field.rows',
  key: 'audit.field.key',
  label: 'audit.field.label',
  stage: 'audit.field.stage',
  validFrom: 'audit.field.validFrom',
  validTo: 'audit.field.validTo',
  source: 'audit.field.source',
  category: 'audit.field.category',
  formulaId: 'audit.field.formulaId',
  detail: 'audit.field.detail',
  dealId: 'audit.field.dealId',
  deal: 'audit.field.deal',
  scopeSettingId: 'audit.field.scopeSettingId',
  scopeSettingDetail: 'audit.field.scopeSettingDetail',
  co2eKg: 'audit.field.co2eKg',
  gasesKg: 'audit.field.gasesKg',
  // Linked-data imports and their rules.
  priority: 'audit.field.priority',
  conditions: 'audit.field.conditions',
  action: 'audit.field.action',
  countFrom: 'audit.field.countFrom',
  sourceType: 'audit.field.sourceType',
  encoding: 'audit.field.encoding',
  created: 'audit.field.created',
  updated: 'audit.field.updated',
  unchanged: 'audit.field.unchanged',
  excluded: 'audit.field.excluded',
  removed: 'audit.field.removed',
  restored: 'audit.field.restored',
  changed: 'audit.field.changed',
  // A filed report (ReportFiled): what was filed, where in the log, and its headline figures.
  regime: 'audit.field.regime',
  position: 'audit.field.position',
  sha256: 'audit.field.sha256',
  note: 'audit.field.note',
  scope1Kg: 'audit.field.scope1Kg',
  scope2LocationKg: 'audit.field.scope2LocationKg',
  scope2MarketKg: 'audit.field.scope2MarketKg',
  scope3Kg: 'audit.field.scope3Kg',
  basicKg: 'audit.field.basicKg',
  adjustedKg: 'audit.field.adjustedKg',
  energyCo2BasicKg: 'audit.field.energyCo2BasicKg',
  energyCo2AdjustedKg: 'audit.field.energyCo2AdjustedKg',
  gj: 'audit.field.gj',
  crudeOilKl: 'audit.field.crudeOilKl',
  lines: 'audit.field.lines',
  // The base year (BaseYearSet, BaseYearRestated).
  baseYear: 'audit.field.baseYear',
  thresholdPercent: 'audit.field.thresholdPercent',
  totalKg: 'audit.field.totalKg',
  restatementReason: 'audit.field.restatementReason',
};
/** The group's consolidation approach in the words the views use. */
const isConsolidation = (value: unknown): value is ConsolidationApproach => typeof value === 'string' && Object.hasOwn(approachName, value);

/** The fields of a filed report that are exact decimal text (kg CO2e, GJ, kL). */
const REPORT_KG_FIELDS = new Set(['scope1Kg', 'scope2LocationKg', 'scope2MarketKg', 'scope3Kg', 'totalKg', 'basicKg', 'adjustedKg', 'energyCo2BasicKg', 'energyCo2AdjustedKg', 'gj', 'crudeOilKl']);

/** The projector's prefix of a pinned factor set's field (FACTOR_SET_FIELD_PREFIX there; the test checks they agree). */
const FACTOR_SET_FIELD = 'factorSets.';

/** Every area of the audit log, the filter's options (typed by the topics the projector files under). */
export const topicName: Record<AuditTopic, MessageId> = {
  'organization/tenant': 'audit.topic.tenant',
  'settings/fiscalYear': 'audit.topic.fiscalYear',
  'settings/currency': 'audit.topic.currency',
  'organization/companies': 'audit.topic.companies',
  'organization/companySections': 'audit.topic.companySections',
  'account/user': 'audit.topic.user',
  'organization/apiTokens': 'audit.topic.apiTokens',
  'settings/reductionGoal': 'audit.topic.reductionGoal',
  'settings/offset': 'audit.topic.offset',
  'settings/nonFossilCertificate': 'audit.topic.nonFossilCertificate',
  'settings/groupFlag': 'audit.topic.groupFlag',
  'settings/intensity': 'audit.topic.intensity',
  'settings/managementIntensity': 'audit.topic.managementIntensity',
  'settings/scopeSetting': 'audit.topic.scopeSetting',
  'calculation/basis': 'audit.topic.calculationBasis',
  'calculation/companyFactorSets': 'audit.topic.companyFactorSets',
  'calculation/companyFactor': 'audit.topic.companyFactor',
  'activity/lines': 'audit.topic.activityLine',
  'import/rules': 'audit.topic.importRules',
  'import/history': 'audit.topic.importHistory',
  reports: 'audit.topic.reports',
};

export type EventKind = 'added' | 'changed' | 'removed';

export function eventKind(type: string): EventKind {
  if (/(Removed|Deleted)$/.test(type)) return 'removed';
  if (/(Added|Created|Registered)$/.test(type)) return 'added';
  return 'changed';
}

const isAuditedType = (type: string): type is AuditedEventType => Object.hasOwn(eventName, type);
const isAuditTopic = (topic: string): topic is AuditTopic => Object.hasOwn(topicName, topic);

export const eventMessage = (type: string): MessageId | undefined => (isAuditedType(type) ? eventName[type] : undefined);
export const topicMessage = (topic: string): MessageId | undefined => (isAuditTopic(topic) ? topicName[topic] : undefined);
export const fieldMessage = (field: string): MessageId | undefined =>
  field.startsWith(FACTOR_SET_FIELD) ? 'audit.field.factorSet' : Object.hasOwn(fieldName, field) ? fieldName[field] : undefined;

/** What the describer needs of react-intl (an IntlShape has it). */
export interface AuditIntl {
  formatMessage(descriptor: { id: MessageId }, values?: Record<string, string | number>): string;
  formatNumber(value: number, options?: { maximumFractionDigits?: number }): string;
  formatDate(value: Date | string, options?: Intl.DateTimeFormatOptions): string;
}

/** Names of the records a value may point to (a company, a section), as the screen knows them. */
export interface AuditLookups {
  companyName(id: string): string;
  sectionName(id: string): string;
}

export interface DescribedChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface DescribedEntry {
  kind: EventKind;
  /** The event in words; the raw type only for a type this build does not know. */
  name: string;
  /** The area in words, or null for an area this build does not know. */
  topic: string | null;
  changes: DescribedChange[];
}

/** A field's value as the audit screen shows it ('—' for none). */
export function formatAuditValue(field: string, value: unknown, intl: AuditIntl, lookups: AuditLookups): string {
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'startMonth' && typeof value === 'number') return intl.formatDate(new Date(2000, value - 1, 1), { month: 'long' });
  if (field === 'fiscalYear') return t('fiscalYear.name', { year: String(value) });
  if (field === 'rate' && typeof value === 'number') return `${intl.formatNumber(value, { maximumFractionDigits: 6 })} ${t('settings.currency.yenPerUnit')}`;
  if (field === 'language' && isLocale(value)) return t(languageName[value]);
  if (field === 'role' && typeof value === 'string' && roleName[value]) return t(roleName[value]!);
  if (field === 'region' && typeof value === 'string' && regionMessage(value)) return t(regionMessage(value)!);
  if (field === 'consolidationApproach' && isConsolidation(value)) return t(approachName[value]);
  if (field === 'regime' && typeof value === 'string' && Object.hasOwn(regimeName, value)) return t(regimeName[value as keyof typeof regimeName]);
  if (field === 'restatementReason' && typeof value === 'string' && Object.hasOwn(reasonName, value)) return t(reasonName[value as keyof typeof reasonName]);
  // A filed report's figures: kg as exact decimal text ("1234.500000").
  if (REPORT_KG_FIELDS.has(field) && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return intl.formatNumber(Number(value), { maximumFractionDigits: 6 });
  if ((field === 'selectedCompanyId' || field === 'companyId') && typeof value === 'string') return lookups.companyName(value);
  if (field === 'companyIds' && Array.isArray(value)) return value.map((id) => lookups.companyName(String(id))).join(', ') || '—';
  if ((field === 'parentSectionId' || field === 'sectionId') && typeof value === 'string') return lookups.sectionName(value);
  if (field === 'sectionIds' && Array.isArray(value)) return value.map((id) => lookups.sectionName(String(id))).join(', ') || '—';
  if ((field === 'scopeCategory' || field === 'category') && isCategory(value)) return t(categoryName[value]);
  if (field === 'sourceType' && typeof value === 'string' && Object.hasOwn(sourceTypeName, value)) return t(sourceTypeName[value as keyof typeof sourceTypeName]);
  if (field === 'action' && typeof value === 'string' && Object.hasOwn(actionName, value)) return t(actionName[value as keyof typeof actionName]);
  if (field === 'countFrom' && typeof value === 'string' && Object.hasOwn(countFromName, value)) return t(countFromName[value as keyof typeof countFromName]);
  if (field === 'conditions' && Array.isArray(value)) return value.map((c) => conditionText(c, t)).join(', ') || '—';
  if (field === 'mode' && (value === 'merge' || value === 'replace')) return t(value === 'merge' ? 'factorLibrary.upload.merge' : 'factorLibrary.upload.replace');
  if (field === 'expiresAt' && typeof value === 'string') return intl.formatDate(value, { dateStyle: 'short', timeStyle: 'short' });
  if (typeof value === 'number') return /Year$/.test(field) || field === 'version' ? String(value) : intl.formatNumber(value, { maximumFractionDigits: 6 });
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** An import rule's condition, "field = value" (the field in words when known). */
function conditionText(condition: unknown, t: (id: MessageId) => string): string {
  if (typeof condition !== 'object' || condition === null) return String(condition);
  const { field, value } = condition as { field?: unknown; value?: unknown };
  const label = typeof field === 'string' ? linkedFieldMessage(field) : undefined;
  return `${label ? t(label) : String(field)} = ${String(value)}`;
}

const isCategory = (value: unknown): value is CategoryKey => typeof value === 'string' && Object.hasOwn(categoryName, value);

/** One audit entry in words: the event, its area, and each changed field with its values before and after. */
export function describeEntry(entry: { type: string; topic: string; changes: readonly AuditChange[] }, intl: AuditIntl, lookups: AuditLookups): DescribedEntry {
  const name = eventMessage(entry.type);
  const topic = topicMessage(entry.topic);
  return {
    kind: eventKind(entry.type),
    name: name ? intl.formatMessage({ id: name }) : entry.type,
    topic: topic ? intl.formatMessage({ id: topic }) : null,
    changes: entry.changes.map((c) => {
      const label = fieldMessage(c.field);
      const values = c.field.startsWith(FACTOR_SET_FIELD) ? { setId: c.field.slice(FACTOR_SET_FIELD.length) } : undefined;
      return {
        field: c.field,
        label: label ? intl.formatMessage({ id: label }, values) : c.field,
        before: formatAuditValue(c.field, c.before, intl, lookups),
        after: formatAuditValue(c.field, c.after, intl, lookups),
      };
    }),
  };
}

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
