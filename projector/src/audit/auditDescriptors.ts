import {
  allEventContracts,
  notAuditedEventTypes,
  type AnyEventContract,
  type AuditedEventType,
  type AuditTopic,
  type CompanyFactorEntry,
  DEFAULT_CONTROL_APPROACH,
  DEFAULT_EQUITY_SHARE_PERCENT,
  type EventOf,
  type NotAuditedEventType,
} from '@ghg/events';

/** What an event means for the audit log: which entity it touched and its fields afterwards. */
export interface AuditView {
  topic: AuditTopic;
  entityId: string;
  /** Field values after the event; null when the event removed the entity. */
  fields: Record<string, unknown> | null;
}

/** How one event type reads in the audit log, from its data (typed by its contract). */
type Describe<T extends AuditedEventType> = (data: EventOf<T>['data']) => AuditView;

/** The listed fields the event has, in the list's order (a loop: this runs once per event replayed). */
function pick<D extends object>(data: D, keys: readonly (keyof D & string)[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const k of keys) if (data[k] !== undefined) picked[k] = data[k];
  return picked;
}

const currencyFields = ['fiscalYear', 'currencyUnit', 'rate'] as const;
const sectionFields = ['name', 'displayName', 'parentSectionId', 'energyConservationActReportSectionType'] as const;
const reductionGoalFields = ['scopeCategory', 'goalYear', 'goalEmission', 'targetYear', 'targetEmission', 'goalEmissionPercentage'] as const;
const offsetFields = ['type', 'particularNumberFrom', 'particularNumberTo', 'invalidOrRelocationQuantity', 'invalidOrRelocationDate', 'authType'] as const;
const nonFossilFields = ['certificateType', 'quantityKwh', 'periodFrom', 'periodTo', 'fiscalYear', 'tracking', 'powerSource', 'generatorName', 'generatorLocation'] as const;
const managementIntensityFields = ['intensityId', 'fiscalYear', 'value'] as const;
const accessFields = ['role', 'companyIds', 'allCompanies', 'sectionId'] as const;

/** A scope setting as audit fields: its section under `sectionId`, so the screen names the section. */
const scopeSettingFields = (d: EventOf<'ScopeSettingAdded'>['data']) => ({
  scopeCategory: d.scopeCategory,
  formulaId: d.formulaId,
  sectionId: d.section,
  detail: d.detail,
  dealId: d.dealId,
});

/** An activity line as audit fields: its deal, setting and section (`sectionId`, named by the screen), and its results. */
const activityLineFields = (d: EventOf<'ActivityLineRecorded'>['data']) => ({
  deal: d.deal,
  scopeSettingId: d.scopeSettingId,
  scopeCategory: d.scopeCategory,
  sectionId: d.section,
  scopeSettingDetail: d.scopeSettingDetail,
  formulaId: d.calculation.formulaId,
  fiscalYear: d.calculation.fiscalYear,
  co2eKg: d.calculation.co2eKg,
  gasesKg: d.calculation.gasesKg,
  gwpSet: d.calculation.gwpSet.id,
  // One field per pinned set, as a basis lists them.
  ...Object.fromEntries(Object.entries(d.calculation.factorSets).map(([setId, version]) => [`${FACTOR_SET_FIELD_PREFIX}${setId}`, version])),
});

/** The prefix of a pinned factor set's field: `factorSets.<setId>` (the screen names the set). */
export const FACTOR_SET_FIELD_PREFIX = 'factorSets.';

/** A basis as audit fields: one field per pinned set, so a restatement lists each moved set before/after. */
const basisFields = (d: { fiscalYear: number; reason: string | null }, values: { gwpSet: string; factorSets: Record<string, string> }) => ({
  fiscalYear: d.fiscalYear,
  gwpSet: values.gwpSet,
  ...Object.fromEntries(Object.entries(values.factorSets).map(([id, v]) => [`${FACTOR_SET_FIELD_PREFIX}${id}`, v])),
  reason: d.reason ?? null,
});
/** An import rule as audit fields: its conditions, what it does with the records, and its section (`sectionId`, named by the screen). */
const importRuleFields = (d: EventOf<'ImportRuleDefined'>['data']) =>
  pick(d, ['name', 'priority', 'conditions', 'action', 'scopeCategory', 'formulaId', 'detail', 'sectionId', 'countFrom']);
/** An imported file as audit fields: what it was and what it wrote (its lines are audited one by one as activity lines). */
const dataImportedFields = (d: EventOf<'DataImported'>['data']) => ({
  ...pick(d, ['fileName', 'sourceType', 'encoding', 'rows', 'created', 'updated', 'unchanged', 'excluded']),
  co2eKg: d.totals.co2eKg,
});
/**
 * A chunk of the lines an import wrote, as counts only (the deal ids are its lines' own entries).
 * Each chunk is its own entity (the import and its chunk's first deal, unique within the import),
 * so every entry shows its own counts rather than a change from the chunk before.
 */
const importedLinesView = (d: EventOf<'ImportedLinesListed'>['data']): AuditView => ({
  topic: 'import/history',
  entityId: `${d.importId}:lines:${d.created[0]?.dealId ?? d.updated[0]?.dealId ?? ''}`,
  fields: { ...(d.created.length > 0 ? { created: d.created.length } : {}), ...(d.updated.length > 0 ? { updated: d.updated.length } : {}) },
});

const companyFactorFields = (d: { setId: string; version: number; entry: CompanyFactorEntry }) => {
  const e = d.entry;
  return { setId: d.setId, version: d.version, key: e.key, label: e.label.ja, value: e.value, unit: e.unit, stage: e.stage, validFrom: e.validFrom, validTo: e.validTo, source: e.source, category: e.category };
};

/**
 * One line per audited event type, typed by the event union: an event type that is neither here
 * nor in `notAuditedEventTypes` (events/src/contracts/audit.ts) is a type error. Secrets such as
 * password hashes and reset-token hashes are never listed, so they never reach the audit screen.
 */
const descriptors: { [T in AuditedEventType]: Describe<T> } = {
  // The headline figures: the GHG Protocol's `totals`, another regime's `figures` (each with its line count).
  ReportFiled: (d) => ({ topic: 'reports', entityId: d.reportId, fields: { ...pick(d, ['fiscalYear', 'regime', 'position', 'sha256', 'note']), ...d.totals, ...d.figures } }),
  BaseYearSet: (d) => ({ topic: 'reports', entityId: `baseYear:${d.companyId}`, fields: { ...pick(d, ['baseYear', 'thresholdPercent', 'position', 'sha256']), ...d.figures } }),
  BaseYearRestated: (d) => ({ topic: 'reports', entityId: `baseYear:${d.companyId}`, fields: { ...pick(d, ['baseYear', 'position', 'sha256', 'note']), restatementReason: d.reason, ...d.figures } }),
  TenantCreated: (d) => ({ topic: 'organization/tenant', entityId: d.tenantId, fields: pick(d, ['name']) }),
  TenantCompanyAdded: (d) => ({ topic: 'organization/tenant', entityId: `${d.tenantId}:${d.companyId}`, fields: pick(d, ['companyId']) }),
  GroupConsolidationApproachChosen: (d) => ({ topic: 'organization/tenant', entityId: d.tenantId, fields: { consolidationApproach: d.approach } }),
  FiscalYearStartMonthSet: (d) => ({ topic: 'settings/fiscalYear', entityId: d.fiscalYearId, fields: pick(d, ['startMonth']) }),
  CurrencyRateAdded: (d) => ({ topic: 'settings/currency', entityId: d.id, fields: pick(d, currencyFields) }),
  CurrencyRateChanged: (d) => ({ topic: 'settings/currency', entityId: d.id, fields: pick(d, currencyFields) }),
  CurrencyRateRemoved: (d) => ({ topic: 'settings/currency', entityId: d.id, fields: null }),
  // With the weights it was registered with, so the group's companies fold to their weights as of any moment.
  CompanyRegistered: (d) => ({
    topic: 'organization/companies',
    entityId: d.companyId,
    fields: {
      ...pick(d, ['name', 'region']),
      equitySharePercent: d.equitySharePercent ?? DEFAULT_EQUITY_SHARE_PERCENT,
      controlApproach: d.controlApproach ?? DEFAULT_CONTROL_APPROACH,
    },
  }),
  CompanyRegionChanged: (d) => ({ topic: 'organization/companies', entityId: d.companyId, fields: pick(d, ['region']) }),
  CompanyConsolidationChanged: (d) => ({
    topic: 'organization/companies',
    entityId: d.companyId,
    fields: pick(d, ['equitySharePercent', 'controlApproach']),
  }),
  CompanySectionCreated: (d) => ({ topic: 'organization/companySections', entityId: d.sectionId, fields: pick(d, sectionFields) }),
  CompanySectionUpdated: (d) => ({ topic: 'organization/companySections', entityId: d.sectionId, fields: pick(d, sectionFields) }),
  CompanySectionDeleted: (d) => ({ topic: 'organization/companySections', entityId: d.sectionId, fields: null }),
  UserRegistered: (d) => ({ topic: 'account/user', entityId: d.userId, fields: { ...pick(d, ['email', 'name', 'role', 'language', ...accessFields]), active: true } }),
  UserPreferencesChanged: (d) => ({ topic: 'account/user', entityId: d.userId, fields: pick(d, ['language', 'selectedCompanyId']) }),
  UserAccessChanged: (d) => ({ topic: 'account/user', entityId: d.userId, fields: pick(d, accessFields) }),
  UserDeactivated: (d) => ({ topic: 'account/user', entityId: d.userId, fields: { active: false } }),
  UserReactivated: (d) => ({ topic: 'account/user', entityId: d.userId, fields: { active: true } }),
  PasswordResetRequested: (d) => ({ topic: 'account/user', entityId: d.userId, fields: pick(d, ['expiresAt']) }),
  PasswordChanged: (d) => ({ topic: 'account/user', entityId: d.userId, fields: {} }),
  // The address's own entity: its claim is made before the user is registered.
  UserEmailClaimed: (d) => ({ topic: 'account/user', entityId: `email:${d.email}`, fields: pick(d, ['email']) }),
  // The secret's hash is not shown: a token is named, scoped and dated.
  ApiTokenCreated: (d) => ({ topic: 'organization/apiTokens', entityId: d.tokenId, fields: { ...pick(d, ['name', 'role', 'companyId']), validTo: d.expiresOn, active: true } }),
  ApiTokenRevoked: (d) => ({ topic: 'organization/apiTokens', entityId: d.tokenId, fields: { active: false } }),
  ReductionGoalAdded: (d) => ({ topic: 'settings/reductionGoal', entityId: d.id, fields: pick(d, reductionGoalFields) }),
  ReductionGoalChanged: (d) => ({ topic: 'settings/reductionGoal', entityId: d.id, fields: pick(d, reductionGoalFields) }),
  ReductionGoalRemoved: (d) => ({ topic: 'settings/reductionGoal', entityId: d.id, fields: null }),
  OffsetAdded: (d) => ({ topic: 'settings/offset', entityId: d.id, fields: pick(d, offsetFields) }),
  OffsetChanged: (d) => ({ topic: 'settings/offset', entityId: d.id, fields: pick(d, offsetFields) }),
  OffsetRemoved: (d) => ({ topic: 'settings/offset', entityId: d.id, fields: null }),
  NonFossilCertificateAdded: (d) => ({ topic: 'settings/nonFossilCertificate', entityId: d.id, fields: pick(d, nonFossilFields) }),
  NonFossilCertificateChanged: (d) => ({ topic: 'settings/nonFossilCertificate', entityId: d.id, fields: pick(d, nonFossilFields) }),
  NonFossilCertificateRemoved: (d) => ({ topic: 'settings/nonFossilCertificate', entityId: d.id, fields: null }),
  GroupFlagCreated: (d) => ({ topic: 'settings/groupFlag', entityId: d.id, fields: pick(d, ['name', 'sectionIds']) }),
  GroupFlagRenamed: (d) => ({ topic: 'settings/groupFlag', entityId: d.id, fields: pick(d, ['name']) }),
  GroupFlagSectionsSet: (d) => ({ topic: 'settings/groupFlag', entityId: d.id, fields: pick(d, ['sectionIds']) }),
  GroupFlagDeleted: (d) => ({ topic: 'settings/groupFlag', entityId: d.id, fields: null }),
  IntensityAdded: (d) => ({ topic: 'settings/intensity', entityId: d.id, fields: pick(d, ['name', 'unit']) }),
  IntensityChanged: (d) => ({ topic: 'settings/intensity', entityId: d.id, fields: pick(d, ['name', 'unit']) }),
  IntensityRemoved: (d) => ({ topic: 'settings/intensity', entityId: d.id, fields: null }),
  ManagementIntensityAdded: (d) => ({ topic: 'settings/managementIntensity', entityId: d.id, fields: pick(d, managementIntensityFields) }),
  ManagementIntensityChanged: (d) => ({ topic: 'settings/managementIntensity', entityId: d.id, fields: pick(d, managementIntensityFields) }),
  ManagementIntensityRemoved: (d) => ({ topic: 'settings/managementIntensity', entityId: d.id, fields: null }),
  ScopeSettingAdded: (d) => ({ topic: 'settings/scopeSetting', entityId: d.id, fields: scopeSettingFields(d) }),
  ScopeSettingChanged: (d) => ({ topic: 'settings/scopeSetting', entityId: d.id, fields: scopeSettingFields(d) }),
  ScopeSettingRemoved: (d) => ({ topic: 'settings/scopeSetting', entityId: d.id, fields: null }),
  ActivityLineRecorded: (d) => ({ topic: 'activity/lines', entityId: d.dealId, fields: activityLineFields(d) }),
  ActivityLineChanged: (d) => ({ topic: 'activity/lines', entityId: d.dealId, fields: activityLineFields(d) }),
  ActivityLineRemoved: (d) => ({ topic: 'activity/lines', entityId: d.dealId, fields: null }),
  ActivityLineRecalculated: (d) => ({ topic: 'activity/lines', entityId: d.dealId, fields: activityLineFields(d) }),
  CalculationBasisSet: (d) => ({ topic: 'calculation/basis', entityId: d.id, fields: basisFields(d, d) }),
  CalculationBasisChanged: (d) => ({ topic: 'calculation/basis', entityId: d.id, fields: basisFields(d, d.after) }),
  CompanyFactorSetCreated: (d) => ({
    topic: 'calculation/companyFactorSets',
    entityId: d.id,
    fields: { setId: d.setId, title: d.title.ja, publisher: d.publisher, citation: d.citation, licence: d.licence },
  }),
  CompanyFactorSetUploaded: (d) => ({
    topic: 'calculation/companyFactorSets',
    entityId: d.id,
    fields: { version: d.version, fileName: d.fileName, mode: d.mode, rows: d.entries.length },
  }),
  CompanyFactorSaved: (d) => ({ topic: 'calculation/companyFactor', entityId: `${d.id}:${d.entry.key}`, fields: companyFactorFields(d) }),
  CompanyFactorRemoved: (d) => ({ topic: 'calculation/companyFactor', entityId: `${d.id}:${d.key}`, fields: null }),
  ImportRuleDefined: (d) => ({ topic: 'import/rules', entityId: d.ruleId, fields: importRuleFields(d) }),
  ImportRuleChanged: (d) => ({ topic: 'import/rules', entityId: d.ruleId, fields: importRuleFields(d) }),
  ImportRuleRemoved: (d) => ({ topic: 'import/rules', entityId: d.ruleId, fields: null }),
  DataImported: (d) => ({ topic: 'import/history', entityId: d.importId, fields: dataImportedFields(d) }),
  ImportedLinesListed: importedLinesView,
  // Partial updates of the import: its counts and file stay as imported.
  ImportUndone: (d) => ({ topic: 'import/history', entityId: d.importId, fields: pick(d, ['removed', 'restored']) }),
  ImportRulesReapplied: (d) => ({ topic: 'import/history', entityId: d.importId, fields: { changed: d.changed, co2eKg: d.after.co2eKg } }),
};

/** The contracts of the audited events (all but the ones `notAuditedEventTypes` leaves out, with its reason). */
export type AuditedContract = Exclude<AnyEventContract, { type: NotAuditedEventType }>;
export const auditedContracts: readonly AuditedContract[] = allEventContracts.filter(
  (c): c is AuditedContract => !Object.hasOwn(notAuditedEventTypes, c.type),
);

/** An audited event's `{type, data}`: its type picks the description, its data is typed by it. */
export function describeForAudit<T extends AuditedEventType>(event: { type: T; data: EventOf<T>['data'] }): AuditView {
  const describe: Describe<T> = descriptors[event.type];
  return describe(event.data);
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * Fields that differ between before and after. A partial update (after lists only some fields)
 * leaves the unlisted ones as they were, so they are not reported.
 */
export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  partial: boolean,
): FieldChange[] {
  // The order must not depend on where `before` came from: a live batch reads it back from JSONB
  // (which reorders keys), a rebuild keeps it in memory. So: the event's own field order, then
  // fields it no longer has, sorted.
  const changes: FieldChange[] = [];
  const add = (field: string) => {
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (!sameValue(was, is)) changes.push({ field, before: was, after: is });
  };
  for (const field in after) add(field);
  if (partial && after) return changes;
  const gone = Object.keys(before ?? {}).filter((k) => !after || !Object.hasOwn(after, k));
  for (const field of gone.sort()) add(field);
  return changes;
}

/** Equal as JSON values; primitives (nearly every field) are compared without serialising. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return canonicalJson(a) === canonicalJson(b);
}

/** JSON with object keys sorted, so equal values compare equal however their keys are ordered. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Events that update only some of an entity's fields. */
export const partialUpdateTypes: ReadonlySet<AuditedEventType> = new Set<AuditedEventType>([
  'UserPreferencesChanged',
  'UserAccessChanged',
  'UserDeactivated',
  'UserReactivated',
  'PasswordResetRequested',
  'PasswordChanged',
  'ApiTokenRevoked',
  'CompanyRegionChanged',
  'CompanyConsolidationChanged',
  'GroupConsolidationApproachChosen',
  'GroupFlagRenamed',
  'GroupFlagSectionsSet',
  'CompanyFactorSetUploaded',
  'ImportUndone',
  'ImportRulesReapplied',
]);
