import type { RecordedEvent } from '@ghg/events';

/** What an event means for the audit log: which entity it touched and its fields afterwards. */
export interface AuditView {
  topic: string;
  entityId: string;
  /** Field values after the event; null when the event removed the entity. */
  fields: Record<string, unknown> | null;
}

type Describe = (data: Record<string, unknown>) => AuditView;
const pick = (data: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => data[k] !== undefined).map((k) => [k, data[k]]));

const currencyFields = ['fiscalYear', 'currencyUnit', 'rate'] as const;
const sectionFields = ['name', 'displayName', 'parentSectionId', 'energyConservationActReportSectionType'] as const;

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
  const keys = partial && after ? Object.keys(after) : [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((c) => JSON.stringify(c.before) !== JSON.stringify(c.after));
}

/** Events that update only some of an entity's fields. */
export const partialUpdateTypes: ReadonlySet<string> = new Set(['UserPreferencesChanged', 'CompanyRegionChanged', 'CompanyConsolidationChanged']);
