import type { RecordedEvent } from '@ghg/events';

/** What an event means for the audit log: which entity it touched and its fields afterwards. */
export interface AuditView {
  topic: string;
  entityId: string;
  /** Field values after the event; null when the event removed the entity. */
  fields: Record<string, unknown> | null;
}

type Describe = (data: Record<string, unknown>) => AuditView;
/** The listed fields the event has, in the list's order (a loop: this runs once per event replayed). */
function pick(data: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
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
/** A basis as audit fields: one field per pinned set, so a restatement lists each moved set before/after. */
const basisFields = (d: Record<string, unknown>, values: { gwpSet?: unknown; factorSets?: unknown }) => ({
  fiscalYear: d.fiscalYear,
  gwpSet: values.gwpSet,
  ...Object.fromEntries(Object.entries((values.factorSets ?? {}) as Record<string, string>).map(([id, v]) => [`factorSets.${id}`, v])),
  reason: d.reason ?? null,
});
const companyFactorFields = (d: Record<string, unknown>) => {
  const e = d.entry as Record<string, unknown> & { label: Record<string, string> };
  return { setId: d.setId, version: d.version, key: e.key, label: e.label.ja, value: e.value, unit: e.unit, stage: e.stage, validFrom: e.validFrom, validTo: e.validTo, source: e.source, category: e.category };
};

/**
 * One line per event type. Secrets such as password hashes are never listed, so they never
 * reach the audit screen.
 */
const descriptors: Record<string, Describe> = {
  FiscalYearStartMonthSet: (d) => ({ topic: 'settings/fiscalYear', entityId: String(d.fiscalYearId), fields: pick(d, ['startMonth']) }),
  CurrencyRateAdded: (d) => ({ topic: 'settings/currency', entityId: String(d.id), fields: pick(d, currencyFields) }),
  CurrencyRateChanged: (d) => ({ topic: 'settings/currency', entityId: String(d.id), fields: pick(d, currencyFields) }),
  CurrencyRateRemoved: (d) => ({ topic: 'settings/currency', entityId: String(d.id), fields: null }),
  CompanyRegistered: (d) => ({ topic: 'organization/companies', entityId: String(d.companyId), fields: pick(d, ['name', 'region']) }),
  CompanyRegionChanged: (d) => ({ topic: 'organization/companies', entityId: String(d.companyId), fields: pick(d, ['region']) }),
  CompanyConsolidationChanged: (d) => ({
    topic: 'organization/companies',
    entityId: String(d.companyId),
    fields: pick(d, ['equitySharePercent', 'controlApproach']),
  }),
  CompanySectionCreated: (d) => ({ topic: 'organization/companySections', entityId: String(d.sectionId), fields: pick(d, sectionFields) }),
  CompanySectionUpdated: (d) => ({ topic: 'organization/companySections', entityId: String(d.sectionId), fields: pick(d, sectionFields) }),
  CompanySectionDeleted: (d) => ({ topic: 'organization/companySections', entityId: String(d.sectionId), fields: null }),
  UserRegistered: (d) => ({ topic: 'account/user', entityId: String(d.userId), fields: pick(d, ['email', 'name', 'role', 'language']) }),
  UserPreferencesChanged: (d) => ({ topic: 'account/user', entityId: String(d.userId), fields: pick(d, ['language', 'selectedCompanyId']) }),
  ReductionGoalAdded: (d) => ({ topic: 'settings/reductionGoal', entityId: String(d.id), fields: pick(d, reductionGoalFields) }),
  ReductionGoalChanged: (d) => ({ topic: 'settings/reductionGoal', entityId: String(d.id), fields: pick(d, reductionGoalFields) }),
  ReductionGoalRemoved: (d) => ({ topic: 'settings/reductionGoal', entityId: String(d.id), fields: null }),
  OffsetAdded: (d) => ({ topic: 'settings/offset', entityId: String(d.id), fields: pick(d, offsetFields) }),
  OffsetChanged: (d) => ({ topic: 'settings/offset', entityId: String(d.id), fields: pick(d, offsetFields) }),
  OffsetRemoved: (d) => ({ topic: 'settings/offset', entityId: String(d.id), fields: null }),
  NonFossilCertificateAdded: (d) => ({ topic: 'settings/nonFossilCertificate', entityId: String(d.id), fields: pick(d, nonFossilFields) }),
  NonFossilCertificateChanged: (d) => ({ topic: 'settings/nonFossilCertificate', entityId: String(d.id), fields: pick(d, nonFossilFields) }),
  NonFossilCertificateRemoved: (d) => ({ topic: 'settings/nonFossilCertificate', entityId: String(d.id), fields: null }),
  GroupFlagCreated: (d) => ({ topic: 'settings/groupFlag', entityId: String(d.id), fields: pick(d, ['name', 'sectionIds']) }),
  GroupFlagRenamed: (d) => ({ topic: 'settings/groupFlag', entityId: String(d.id), fields: pick(d, ['name']) }),
  GroupFlagSectionsSet: (d) => ({ topic: 'settings/groupFlag', entityId: String(d.id), fields: pick(d, ['sectionIds']) }),
  GroupFlagDeleted: (d) => ({ topic: 'settings/groupFlag', entityId: String(d.id), fields: null }),
  IntensityAdded: (d) => ({ topic: 'settings/intensity', entityId: String(d.id), fields: pick(d, ['name', 'unit']) }),
  IntensityChanged: (d) => ({ topic: 'settings/intensity', entityId: String(d.id), fields: pick(d, ['name', 'unit']) }),
  IntensityRemoved: (d) => ({ topic: 'settings/intensity', entityId: String(d.id), fields: null }),
  ManagementIntensityAdded: (d) => ({ topic: 'settings/managementIntensity', entityId: String(d.id), fields: pick(d, managementIntensityFields) }),
  ManagementIntensityChanged: (d) => ({ topic: 'settings/managementIntensity', entityId: String(d.id), fields: pick(d, managementIntensityFields) }),
  ManagementIntensityRemoved: (d) => ({ topic: 'settings/managementIntensity', entityId: String(d.id), fields: null }),
  CalculationBasisSet: (d) => ({ topic: 'calculation/basis', entityId: String(d.id), fields: basisFields(d, d) }),
  CalculationBasisChanged: (d) => ({ topic: 'calculation/basis', entityId: String(d.id), fields: basisFields(d, d.after as Record<string, unknown>) }),
  CompanyFactorSetCreated: (d) => ({
    topic: 'calculation/companyFactorSets',
    entityId: String(d.id),
    fields: { setId: d.setId, title: (d.title as Record<string, string>).ja, publisher: d.publisher, citation: d.citation, licence: d.licence },
  }),
  CompanyFactorSetUploaded: (d) => ({
    topic: 'calculation/companyFactorSets',
    entityId: String(d.id),
    fields: { version: d.version, fileName: d.fileName, mode: d.mode, rows: (d.entries as unknown[]).length },
  }),
  CompanyFactorSaved: (d) => ({ topic: 'calculation/companyFactor', entityId: `${String(d.id)}:${String((d.entry as { key: string }).key)}`, fields: companyFactorFields(d) }),
  CompanyFactorRemoved: (d) => ({ topic: 'calculation/companyFactor', entityId: `${String(d.id)}:${String(d.key)}`, fields: null }),
};

export const auditedEventTypes = Object.keys(descriptors);

export function describeForAudit(event: RecordedEvent): AuditView | null {
  const describe = descriptors[event.type];
  return describe ? describe(event.data as Record<string, unknown>) : null;
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
export const partialUpdateTypes: ReadonlySet<string> = new Set([
  'UserPreferencesChanged',
  'CompanyRegionChanged',
  'CompanyConsolidationChanged',
  'GroupFlagRenamed',
  'GroupFlagSectionsSet',
  'CompanyFactorSetUploaded',
]);
