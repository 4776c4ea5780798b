import { z } from 'zod';
import { defineEvent, type DomainEventOf } from './defineEvent';
import { boundedList, boundedRecord, idText, isoDate, LIMITS, longText, nonNegativeQuantity, shortText, year } from './bounds';

// ---------------------------------------------------------------------------------------------
// Calculation basis: which GWP set and which factor-set versions a company uses for a
// fiscal year. Fixed by an explicit event when first set; changing it is an explicit, audited
// restatement that records both the old and the new basis.

/** Factor-set id → pinned version, e.g. { 'jp-shk': 'legacy', 'co-glec': '3' }. */
const pins = boundedRecord(idText(), idText());
const basis = z.object({ gwpSet: idText(), factorSets: pins });

export const CalculationBasisSet = defineEvent(
  'CalculationBasisSet',
  1,
  z.object({
    /** One id per company and fiscal year (the audit log's entity). */
    id: idText(),
    companyId: idText(),
    fiscalYear: year(),
    gwpSet: idText(),
    factorSets: pins,
    /** true: the newest versions at that moment were written because none were chosen. */
    defaulted: z.boolean(),
    reason: longText().nullable(),
  }),
);

export const CalculationBasisChanged = defineEvent(
  'CalculationBasisChanged',
  1,
  z.object({
    id: idText(),
    companyId: idText(),
    fiscalYear: year(),
    before: basis,
    after: basis,
    reason: longText().nullable(),
  }),
);

// ---------------------------------------------------------------------------------------------
// Company factor sets: a company's own emission factors (licensed tables, supplier
// values). Every change publishes a new version of the set (1, 2, 3 …), so a pinned version
// never changes under a stored result.

const labelsSchema = z.object({ ja: shortText(), en: shortText(), zhHans: shortText() });

/** A published version number of a set (1, 2, 3 …). */
const setVersion = () => z.number().int().positive().max(LIMITS.maxVersion);

export const companyFactorEntry = z.object({
  key: idText(),
  label: labelsSchema,
  value: nonNegativeQuantity(),
  /** As published: 'kg-CO2e/tkm', 'g-CH4/L', 'GJ/kL'. */
  unit: shortText(),
  stage: z.enum(['WTT', 'TTW', 'WTW']).nullable(),
  /** ISO dates, inclusive; null: open-ended. */
  validFrom: isoDate().nullable(),
  validTo: isoDate().nullable(),
  source: longText().nullable(),
  licenceNote: longText().nullable(),
  /** A calculation scope ('1', '2', '31' … '315', 'water', 'pe') or null. */
  category: shortText().nullable(),
});
export type CompanyFactorEntry = z.infer<typeof companyFactorEntry>;

export const CompanyFactorSetCreated = defineEvent(
  'CompanyFactorSetCreated',
  1,
  z.object({
    /** Entity id (the audit log's). */
    id: idText(),
    companyId: idText(),
    /** The id factor references use: '<setId>:<key>'. */
    setId: idText(),
    title: labelsSchema,
    publisher: longText(),
    citation: longText(),
    licence: longText(),
  }),
);

/** One factor added or changed by hand: version `version` = the previous one with this entry. */
export const CompanyFactorSaved = defineEvent(
  'CompanyFactorSaved',
  1,
  z.object({ id: idText(), companyId: idText(), setId: idText(), version: setVersion(), entry: companyFactorEntry }),
);

export const CompanyFactorRemoved = defineEvent(
  'CompanyFactorRemoved',
  1,
  z.object({ id: idText(), companyId: idText(), setId: idText(), version: setVersion(), key: idText() }),
);

/**
 * One uploaded table, all rows valid. 'merge': the rows are added to or replace the entries of
 * the same key; 'replace': the table is the whole new version.
 */
export const CompanyFactorSetUploaded = defineEvent(
  'CompanyFactorSetUploaded',
  1,
  z.object({
    id: idText(),
    companyId: idText(),
    setId: idText(),
    version: setVersion(),
    mode: z.enum(['merge', 'replace']),
    fileName: shortText(),
    format: z.enum(['csv-utf8', 'csv-utf8-bom', 'csv-shift_jis', 'xlsx']),
    // One entry per key: the read model keys an entry by set, key and version.
    entries: boundedList(companyFactorEntry, LIMITS.maxTableRows).refine((entries) => new Set(entries.map((e) => e.key)).size === entries.length, {
      message: 'duplicate_key',
    }),
  }),
);

/** Every calculation event contract, for the registry in ./index.ts. */
export const calculationContracts = [
  CalculationBasisSet,
  CalculationBasisChanged,
  CompanyFactorSetCreated,
  CompanyFactorSaved,
  CompanyFactorRemoved,
  CompanyFactorSetUploaded,
];

export type CalculationBasisEvent = DomainEventOf<typeof CalculationBasisSet> | DomainEventOf<typeof CalculationBasisChanged>;
export type CompanyFactorSetEvent =
  | DomainEventOf<typeof CompanyFactorSetCreated>
  | DomainEventOf<typeof CompanyFactorSaved>
  | DomainEventOf<typeof CompanyFactorRemoved>
  | DomainEventOf<typeof CompanyFactorSetUploaded>;
