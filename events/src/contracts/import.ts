import { z } from 'zod';
import { defineEvent, type DomainEventOf } from './defineEvent';
import { boundedJsonObject, boundedList, boundedRecord, boundedText, idText, LIMITS, nonNegativeQuantity, quantity, shortText, year } from './bounds';
import { scopeSettingCategories } from './settings';

// ---------------------------------------------------------------------------------------------
// Linked data from source systems: a company's import rules (which records become which activity
// lines), and each imported file (its own stream, `import-<companyId>-<importId>`). The lines an
// import records are ordinary activity lines whose `origin` names the import and the source record.

export const importSourceTypes = ['standard', 'warehouse', 'exportImport', 'legacyLogistics'] as const;

/** The record fields a rule may match on (domain/src/import/classify.ts RULE_MATCH_FIELDS). */
export const ruleMatchFields = [
  'accountCode',
  'expensesType',
  'supplierCode',
  'supplierName',
  'productCode',
  'productName',
  'ideaCode',
  'energyType',
  'transportMethod',
  'contents',
  'department',
  'site',
] as const;

/** Which record quantity becomes the deal's count: its volume (with its unit), weight (kg) or distance (km). */
export const ruleCountSources = ['volume', 'weight', 'distance', 'none'] as const;

/** Not empty (the command boundary also refuses text that is only spaces). */
const nonBlankShortText = () => boundedText(LIMITS.shortTextLength, 1);

const ruleCondition = z.object({ field: z.enum(ruleMatchFields), value: nonBlankShortText() });

/**
 * A rule: records whose fields equal every condition are 'record'ed as activity lines of the
 * rule's scope category and formula (the rule's detail is the template of the scope setting made
 * per section), or 'exclude'd on purpose (counted, never silently dropped).
 */
const importRule = z.object({
  ruleId: idText(),
  companyId: idText(),
  name: nonBlankShortText(),
  /** Lower first; ties by name. */
  priority: z.number().int().min(0).max(1_000_000),
  conditions: boundedList(ruleCondition, 10).min(1),
  action: z.enum(['record', 'exclude']),
  scopeCategory: z.enum(scopeSettingCategories).nullable(),
  formulaId: idText().nullable(),
  detail: boundedJsonObject(),
  /** The section of records that name no department. */
  sectionId: idText().nullable(),
  countFrom: z.enum(ruleCountSources),
});

export const ImportRuleDefined = defineEvent('ImportRuleDefined', 1, importRule);
export const ImportRuleChanged = defineEvent('ImportRuleChanged', 1, importRule);
export const ImportRuleRemoved = defineEvent('ImportRuleRemoved', 1, z.object({ ruleId: idText(), companyId: idText() }));

/** Totals of an import (or of its lines before and after rules were re-applied), kg CO2e. */
const importTotals = z.object({
  co2eKg: quantity(),
  byCategory: z.partialRecord(z.enum(scopeSettingCategories), quantity()),
});

/** The lines an import wrote, in chunks of at most 1,000 per event: each deal id with the line version it left. */
const importedLineRef = z.object({ dealId: idText(), version: z.number().int().min(0).max(LIMITS.maxVersion) });

/**
 * A file imported: what it was, who and what it wrote. Appended in the same atomic batch as its
 * lines, so an import is all or nothing.
 */
export const DataImported = defineEvent(
  'DataImported',
  1,
  z.object({
    importId: idText(),
    companyId: idText(),
    fileName: shortText(),
    sourceType: z.enum(importSourceTypes),
    /** 'utf-8', 'utf-8-bom', 'shift_jis', 'xlsx' or 'json' (rows sent by an API client). */
    encoding: shortText(),
    /** SHA-256 of the file as uploaded (hex), or of the rows' JSON. */
    sha256: shortText(),
    rows: z.number().int().min(0).max(LIMITS.maxVersion),
    created: z.number().int().min(0).max(LIMITS.maxVersion),
    updated: z.number().int().min(0).max(LIMITS.maxVersion),
    unchanged: z.number().int().min(0).max(LIMITS.maxVersion),
    excluded: z.number().int().min(0).max(LIMITS.maxVersion),
    /** The CO2e the import added: its created lines, plus the change of its updated ones. */
    totals: importTotals,
    fiscalYears: boundedList(year(), 50),
    /** The rules it classified by, each at its stream version. */
    ruleVersions: z.record(idText(), z.number().int().min(0).max(LIMITS.maxVersion)),
  }),
);

/** Chunks of the lines an import created or updated (with the version it left each at), after DataImported. */
export const ImportedLinesListed = defineEvent(
  'ImportedLinesListed',
  1,
  z.object({ importId: idText(), companyId: idText(), created: boundedList(importedLineRef), updated: boundedList(importedLineRef) }),
);

/** An import withdrawn as a whole: its created lines removed, its updated lines back as they were. */
export const ImportUndone = defineEvent(
  'ImportUndone',
  1,
  z.object({ importId: idText(), companyId: idText(), removed: z.number().int().min(0).max(LIMITS.maxVersion), restored: z.number().int().min(0).max(LIMITS.maxVersion), totals: importTotals }),
);

/** The rules as they are now applied again to an import's lines: totals before and after, and the rules' versions. */
export const ImportRulesReapplied = defineEvent(
  'ImportRulesReapplied',
  1,
  z.object({
    importId: idText(),
    companyId: idText(),
    changed: z.number().int().min(0).max(LIMITS.maxVersion),
    before: importTotals,
    after: importTotals,
    ruleVersions: z.record(idText(), z.number().int().min(0).max(LIMITS.maxVersion)),
  }),
);

/** Where an imported line came from: the import, the source system's key and row, and the record as read. */
export const lineOrigin = z.object({
  importId: idText(),
  sourceType: z.enum(importSourceTypes),
  sourceKey: shortText(),
  row: z.number().int().min(1).max(LIMITS.maxVersion),
  ruleId: idText(),
  /** The linked record's fields as imported (text and numbers), for the audit trail and re-applying rules. */
  record: boundedRecord(shortText(), z.union([shortText(), nonNegativeQuantity(), z.null()])),
});

export const importContracts = [ImportRuleDefined, ImportRuleChanged, ImportRuleRemoved, DataImported, ImportedLinesListed, ImportUndone, ImportRulesReapplied];

export type ImportRuleEvent = DomainEventOf<typeof ImportRuleDefined> | DomainEventOf<typeof ImportRuleChanged> | DomainEventOf<typeof ImportRuleRemoved>;
export type ImportEvent =
  | DomainEventOf<typeof DataImported>
  | DomainEventOf<typeof ImportedLinesListed>
  | DomainEventOf<typeof ImportUndone>
  | DomainEventOf<typeof ImportRulesReapplied>;
export type ImportSourceTypeName = (typeof importSourceTypes)[number];
export type RuleMatchFieldName = (typeof ruleMatchFields)[number];
