import { z } from 'zod';
import { defineEvent, type DomainEventOf } from './defineEvent';

// ---------------------------------------------------------------------------------------------
// Calculation basis (issue 5): which GWP set and which factor-set versions a company uses for a
// fiscal year. Fixed by an explicit event when first set; changing it is an explicit, audited
// restatement that records both the old and the new basis.

/** Factor-set id → pinned version, e.g. { 'jp-shk': 'legacy', 'co-glec': '3' }. */
const pins = z.record(z.string(), z.string());
const basis = z.object({ gwpSet: z.string(), factorSets: pins });

export const CalculationBasisSet = defineEvent(
  'CalculationBasisSet',
  1,
  z.object({
    /** One id per company and fiscal year (the audit log's entity). */
    id: z.string(),
    companyId: z.string(),
    fiscalYear: z.number().int(),
    gwpSet: z.string(),
    factorSets: pins,
    /** true: the newest versions at that moment were written because none were chosen. */
    defaulted: z.boolean(),
    reason: z.string().nullable(),
  }),
);

export const CalculationBasisChanged = defineEvent(
  'CalculationBasisChanged',
  1,
  z.object({
    id: z.string(),
    companyId: z.string(),
    fiscalYear: z.number().int(),
    before: basis,
    after: basis,
    reason: z.string().nullable(),
  }),
);

// ---------------------------------------------------------------------------------------------
// Company factor sets (issue 5): a company's own emission factors (licensed tables, supplier
// values). Every change publishes a new version of the set (1, 2, 3 …), so a pinned version
// never changes under a stored result.

const labelsSchema = z.object({ ja: z.string(), en: z.string(), zhHans: z.string() });

export const companyFactorEntry = z.object({
  key: z.string(),
  label: labelsSchema,
  value: z.number(),
  /** As published: 'kg-CO2e/tkm', 'g-CH4/L', 'GJ/kL'. */
  unit: z.string(),
  stage: z.enum(['WTT', 'TTW', 'WTW']).nullable(),
  /** ISO dates, inclusive; null: open-ended. */
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  source: z.string().nullable(),
  licenceNote: z.string().nullable(),
  /** A calculation scope ('1', '2', '31' … '315', 'water', 'pe') or null. */
  category: z.string().nullable(),
});
export type CompanyFactorEntry = z.infer<typeof companyFactorEntry>;

export const CompanyFactorSetCreated = defineEvent(
  'CompanyFactorSetCreated',
  1,
  z.object({
    /** Entity id (the audit log's). */
    id: z.string(),
    companyId: z.string(),
    /** The id factor references use: '<setId>:<key>'. */
    setId: z.string(),
    title: labelsSchema,
    publisher: z.string(),
    citation: z.string(),
    licence: z.string(),
  }),
);

/** One factor added or changed by hand: version `version` = the previous one with this entry. */
export const CompanyFactorSaved = defineEvent(
  'CompanyFactorSaved',
  1,
  z.object({ id: z.string(), companyId: z.string(), setId: z.string(), version: z.number().int().positive(), entry: companyFactorEntry }),
);

export const CompanyFactorRemoved = defineEvent(
  'CompanyFactorRemoved',
  1,
  z.object({ id: z.string(), companyId: z.string(), setId: z.string(), version: z.number().int().positive(), key: z.string() }),
);

/**
 * One uploaded table, all rows valid. 'merge': the rows are added to or replace the entries of
 * the same key; 'replace': the table is the whole new version.
 */
export const CompanyFactorSetUploaded = defineEvent(
  'CompanyFactorSetUploaded',
  1,
  z.object({
    id: z.string(),
    companyId: z.string(),
    setId: z.string(),
    version: z.number().int().positive(),
    mode: z.enum(['merge', 'replace']),
    fileName: z.string(),
    format: z.enum(['csv-utf8', 'csv-utf8-bom', 'csv-shift_jis', 'xlsx']),
    entries: z.array(companyFactorEntry),
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
