/**
 * The words of linked data: source systems, record fields, rule actions and quantities. Each table
 * is typed by the list it translates (domain, events), so a field added there is a type error here
 * until it has its words. Pure tables only: the audit log's describer reads them too.
 */
import type { LinkedField } from '@ghg/domain';
import { ruleMatchFields, type ImportSourceTypeName, type RuleMatchFieldName } from '@ghg/events';
import type { MessageId } from '@ghg/locales';

/** The source systems a file comes from (events' importSourceTypes). */
export const sourceTypeName: Record<ImportSourceTypeName, MessageId> = {
  standard: 'import.sourceType.standard',
  warehouse: 'import.sourceType.warehouse',
  exportImport: 'import.sourceType.exportImport',
  legacyLogistics: 'import.sourceType.legacyLogistics',
};

/** The names an answer uses for a record's values besides the linked-data fields: a stored record's kg and km, and the rule itself. */
type AnswerField = 'weightKg' | 'distanceKm' | 'rule';

/** Every linked-data field (domain/src/import/sourceFormats.ts), by the name the API uses. */
const fieldNames: Record<LinkedField | AnswerField, MessageId> = {
  transactionDate: 'import.field.transactionDate',
  amount: 'import.field.amount',
  currency: 'import.field.currency',
  volume: 'import.field.volume',
  volumeUnit: 'import.field.volumeUnit',
  weight: 'import.field.weight',
  distance: 'import.field.distance',
  weightKg: 'import.field.weight',
  distanceKm: 'import.field.distance',
  slipNumber: 'import.field.slipNumber',
  lineNumber: 'import.field.lineNumber',
  contents: 'import.field.contents',
  supplierName: 'import.field.supplierName',
  supplierCode: 'import.field.supplierCode',
  department: 'import.field.department',
  site: 'import.field.site',
  productCode: 'import.field.productCode',
  productName: 'import.field.productName',
  accountCode: 'import.field.accountCode',
  expensesType: 'import.field.expensesType',
  energyType: 'import.field.energyType',
  transportMethod: 'import.field.transportMethod',
  ideaCode: 'import.field.ideaCode',
  ideaName: 'import.field.ideaName',
  companyCode: 'import.field.companyCode',
  organizationCode: 'import.field.organizationCode',
  organizationName: 'import.field.organizationName',
  countryCode: 'import.field.countryCode',
  countryOfOrigin: 'import.field.countryOfOrigin',
  departureStation: 'import.field.departureStation',
  arrivalStation: 'import.field.arrivalStation',
  route: 'import.field.route',
  transferDestination: 'import.field.transferDestination',
  disposalMethod: 'import.field.disposalMethod',
  billingCode: 'import.field.billingCode',
  billingName: 'import.field.billingName',
  analysisCode: 'import.field.analysisCode',
  analysisName: 'import.field.analysisName',
  salesNumber: 'import.field.salesNumber',
  businessPartnerNumber: 'import.field.businessPartnerNumber',
  officeCode: 'import.field.officeCode',
  domesticClassification: 'import.field.domesticClassification',
  leaseClassification: 'import.field.leaseClassification',
  electricityReceivingClassification: 'import.field.electricityReceivingClassification',
  remarks: 'import.field.remarks',
  rule: 'import.field.rule',
};

/** A field's label; undefined for a name this build does not know (shown as it is). */
export const fieldMessage = (field: string): MessageId | undefined => (Object.hasOwn(fieldNames, field) ? fieldNames[field as keyof typeof fieldNames] : undefined);

/** The fields a rule may match on, each a linked-data field (checked here by the type). */
export const matchFieldName: Record<RuleMatchFieldName, MessageId> = Object.fromEntries(
  ruleMatchFields.map((f) => [f, fieldNames[f]]),
) as Record<RuleMatchFieldName, MessageId>;

export const countFromName = {
  volume: 'import.rule.countFrom.volume',
  weight: 'import.rule.countFrom.weight',
  distance: 'import.rule.countFrom.distance',
  none: 'import.rule.countFrom.none',
} as const satisfies Record<string, MessageId>;

export const actionName = {
  record: 'import.rule.action.record',
  exclude: 'import.rule.action.exclude',
} as const satisfies Record<string, MessageId>;
