import { z } from 'zod';
import { idText, importSourceTypes, LIMITS, ruleCountSources, ruleMatchFields, scopeSettingCategories, shortText, year } from '@ghg/events';
import type { importRulesDecider } from '@ghg/domain';
import { expectedVersionArg, numeric } from '../core/args';
import { defineRoute, errorTable, noErrors, type DeciderError } from '../core/contract';
import { detailArg } from '../settings/scopeSetting';

/** Refusals of a whole file (before or while its rows are read): nothing is written. */
export const importFileRefusals = {
  no_company_selected: 400,
  invalid_file_name: 400,
  duplicate_file_name: 409,
  unsupported_file_type: 400,
  empty_file: 400,
  no_data_rows: 400,
  invalid_encoding: 400,
  invalid_csv: 400,
  several_sheets: 400,
  formula_cell: 400,
  invalid_xlsx: 400,
  too_many_columns: 400,
  too_many_rows: 413,
  file_too_large: 413,
  header_invalid: 400,
  import_busy: 429,
  import_not_found: 404,
  import_already_undone: 409,
  import_lines_changed: 409,
  upload_not_found: 404,
  import_id_reused: 409,
} as const;

export type ImportFileRefusal = keyof typeof importFileRefusals;

const Totals = z.strictObject({ co2eKg: z.number(), byCategory: z.record(z.string(), z.number()) });
const RecordValues = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
const Condition = z.strictObject({ field: z.enum(ruleMatchFields), value: z.string() });

/** A row refused, with the field at fault (linked-data field name) and the value as read. */
const RowError = z.strictObject({ row: z.number(), field: z.string(), code: z.string(), value: z.string().nullable() });

/** Records no rule classifies, grouped by the conditions a new rule would take (one click makes it). */
const UnmatchedGroup = z.strictObject({ conditions: z.array(Condition), count: z.number(), rows: z.array(z.number()), example: RecordValues });

/** What reading (and, unless a preview, importing) a file found. */
export const ImportOutcome = z.strictObject({
  /** 'preview': checked only, nothing written; 'success': written; 'error': refused whole (errors or unmatched records), nothing written. */
  status: z.enum(['preview', 'success', 'error']),
  importId: z.string().nullable(),
  /** The upload kept for confirming a preview (null once imported, or for a refused file). */
  uploadId: z.string().nullable(),
  fileName: z.string(),
  sourceType: z.enum(importSourceTypes),
  encoding: z.string(),
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  excluded: z.number(),
  totals: Totals,
  columns: z.array(z.strictObject({ index: z.number(), header: z.string(), field: z.string().nullable() })),
  /** The first rows as read, by linked-data field. */
  sample: z.array(z.strictObject({ row: z.number(), values: RecordValues })),
  /** At most 1,000 row errors; `errorCount` counts them all. */
  errors: z.array(RowError),
  errorCount: z.number(),
  headerProblems: z.array(z.strictObject({ code: z.string(), column: z.string() })),
  unmatched: z.array(UnmatchedGroup),
  unmatchedCount: z.number(),
  replayed: z.boolean(),
});

/** A refusal's body (any route's): the code, the English message, the fields or rows at fault. */
const RefusalBody = z.strictObject({ message: z.string(), code: z.string(), fields: z.array(z.string()).optional() });
/** A 400 is a refused file's outcome (rows, unmatched records) or a refusal of the request itself. */
const Refused = z.union([ImportOutcome, RefusalBody]);

const importQuery = z.object({
  sourceType: z.enum(importSourceTypes),
  /** The file's name (a multipart upload may give it in its part instead). */
  fileName: shortText().optional(),
  /** Chosen by the client, so it can ask the progress of an upload still being answered. */
  uploadId: idText().optional(),
  /** 'true': check and preview only; the upload is kept for `confirm` (about 30 minutes). */
  dryRun: z.enum(['true', 'false']).optional(),
});

const importErrors = errorTable<ImportFileRefusal | 'section_not_permitted'>()({ ...importFileRefusals, section_not_permitted: 403 });

const HistoryRow = z.strictObject({
  importId: z.string(),
  importedAt: z.string(),
  sourceType: z.enum(importSourceTypes),
  fileName: z.string(),
  userId: z.string(),
  userName: z.string().nullable(),
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  excluded: z.number(),
  status: z.enum(['success', 'undone']),
  co2eKg: z.number(),
  byCategory: z.record(z.string(), z.number()),
  fiscalYears: z.array(z.number()),
  reappliedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  version: z.number(),
});

const Rule = z.strictObject({
  ruleId: z.string(),
  name: z.string(),
  priority: z.number(),
  conditions: z.array(Condition),
  action: z.enum(['record', 'exclude']),
  scopeCategory: z.enum(scopeSettingCategories).nullable(),
  formulaId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  sectionId: z.string().nullable(),
  countFrom: z.enum(ruleCountSources),
  version: z.number(),
  updatedAt: z.string(),
});

const RuleArgs = z.object({
  ruleId: idText().optional(),
  name: shortText().refine((t) => t.trim().length > 0, { message: 'blank' }),
  priority: numeric(z.number().int().min(0).max(1_000_000)).default(100),
  conditions: z.array(z.object({ field: z.enum(ruleMatchFields), value: shortText().refine((t) => t.trim().length > 0, { message: 'blank' }) })).min(1).max(10),
  action: z.enum(['record', 'exclude']).default('record'),
  scopeCategory: z.enum(scopeSettingCategories).nullish().transform((v) => v ?? null),
  formulaId: idText().nullish().transform((v) => v ?? null),
  detail: detailArg.default({}),
  sectionId: idText().nullish().transform((v) => v ?? null),
  countFrom: z.enum(ruleCountSources).default('volume'),
  expectedVersion: expectedVersionArg,
});

const ruleErrors = errorTable<DeciderError<typeof importRulesDecider>>()({
  import_rule_not_found: 404,
  unknown_formula: 400,
  formula_not_in_category: 400,
  rule_target_missing: 400,
  unknown_section: 400,
  section_not_permitted: 403,
  unknown_detail_field: 400,
  invalid_detail_value: 400,
});

/** JSON rows an API client sends instead of a file: the same columns, by header, in batches of at most 10,000. */
export const MAX_JSON_ROWS = 10_000;

const Reapplied = z.strictObject({
  importId: z.string(),
  /** 'preview': nothing written. */
  status: z.enum(['preview', 'success']),
  changed: z.number(),
  before: Totals,
  after: Totals,
  unmatched: z.number(),
  errors: z.array(RowError),
});

/** Linked data from source systems: files imported into activity lines, the rules that classify them, history and undo (docs/api.md, "Imports"). */
export const importRoutes = {
  upload: defineRoute({
    method: 'POST',
    url: '/api/import',
    permission: 'activity.write',
    summary: 'Import a file of linked data (CSV in UTF-8, UTF-8 with BOM or Shift_JIS, or XLSX): all rows or none',
    description:
      "The body is the file itself (Content-Type text/csv, application/octet-stream or the XLSX type) or multipart/form-data with a `file` part. The file is streamed to disk, every row is read, checked and classified by the company's import rules, and only if every row is good and classified are its lines appended, in one atomic batch with the import's own events. A refused file answers 400 with `status: 'error'`, its row errors (row number and field) and unmatched records; nothing is written. `dryRun=true` checks and previews only and keeps the upload for `POST /api/import/confirm`. An `Idempotency-Key` header makes a retried upload answer the first import instead of appending again.",
    query: importQuery,
    response: ImportOutcome,
    otherResponses: { 400: Refused },
    errors: importErrors,
  }),
  uploadRows: defineRoute({
    method: 'POST',
    url: '/api/import/rows',
    permission: 'activity.write',
    summary: 'Import rows sent as JSON (at most 10,000 per call), with the same checks and all-or-nothing as a file',
    body: z.object({
      sourceType: z.enum(importSourceTypes),
      fileName: shortText(),
      /** The header row (the source format's column names) and the data rows, as cells. */
      header: z.array(shortText()).min(1).max(200),
      rows: z.array(z.array(z.union([z.string().max(LIMITS.shortTextLength), z.number(), z.null()])).max(200)).min(1).max(MAX_JSON_ROWS),
      dryRun: z.boolean().optional(),
    }),
    response: ImportOutcome,
    otherResponses: { 400: Refused },
    errors: importErrors,
  }),
  confirm: defineRoute({
    method: 'POST',
    url: '/api/import/confirm',
    permission: 'activity.write',
    summary: 'Import a previewed upload (checked again against the rules as they are now); dryRun: check it again only',
    body: z.object({ uploadId: idText(), dryRun: z.boolean().optional() }),
    response: ImportOutcome,
    otherResponses: { 400: Refused },
    errors: importErrors,
  }),
  progress: defineRoute({
    method: 'POST',
    url: '/api/import/progress',
    permission: 'activity.write',
    summary: "An upload's progress while it is read and written (bytes, then rows)",
    body: z.object({ uploadId: idText() }),
    response: z.strictObject({ phase: z.enum(['receiving', 'reading', 'writing', 'done']), bytes: z.number(), totalBytes: z.number().nullable(), rows: z.number() }),
    errors: errorTable<'upload_not_found'>()({ upload_not_found: 404 }),
  }),
  undo: defineRoute({
    method: 'POST',
    url: '/api/import/undo',
    permission: 'activity.write',
    summary: "Undo an import as a whole: its created lines removed, its updated lines back as they were (refused if one changed since)",
    body: z.object({ importId: idText() }),
    response: z.strictObject({ importId: z.string(), removed: z.number(), restored: z.number() }),
    errors: importErrors,
  }),
  reapply: defineRoute({
    method: 'POST',
    url: '/api/import/reapply',
    permission: 'activity.write',
    summary: "Apply the import rules as they are now to a past import's lines: totals before and after (dryRun: nothing written)",
    body: z.object({ importId: idText(), dryRun: z.boolean().optional() }),
    response: Reapplied,
    errors: importErrors,
  }),
  history: defineRoute({
    method: 'GET',
    url: '/api/import/history',
    permission: 'company.read',
    summary: "The selected company's imports, newest first (optionally of one fiscal year)",
    query: z.object({ fiscalYear: numeric(year()).optional() }),
    response: z.strictObject({ imports: z.array(HistoryRow) }),
    errors: noErrors,
  }),
  records: defineRoute({
    method: 'GET',
    url: '/api/import/records',
    permission: 'company.read',
    summary: 'The linked-data records imported for a fiscal year (the lines imports recorded), newest import first, paged',
    query: z.object({ fiscalYear: numeric(year()), importId: idText().optional(), offset: numeric(z.number().int().min(0).max(LIMITS.maxVersion)).default(0), limit: numeric(z.number().int().min(1).max(1000)).default(200) }),
    response: z.strictObject({
      total: z.number(),
      records: z.array(
        z.strictObject({
          dealId: z.string(),
          importId: z.string(),
          row: z.number(),
          sourceKey: z.string(),
          occurrenceDate: z.string(),
          scopeCategory: z.enum(scopeSettingCategories),
          formulaId: z.string(),
          section: z.string(),
          sectionName: z.string().nullable(),
          ruleId: z.string(),
          co2eKg: z.number(),
          record: RecordValues,
        }),
      ),
    }),
    errors: noErrors,
  }),
  rules: defineRoute({
    method: 'GET',
    url: '/api/import/rules',
    permission: 'company.read',
    summary: "The selected company's import rules, in the order they are tried",
    response: z.strictObject({ rules: z.array(Rule) }),
    errors: noErrors,
  }),
  saveRule: defineRoute({
    method: 'POST',
    url: '/api/import/rules',
    permission: 'activity.write',
    summary: 'Create or change an import rule (an event, audited and versioned)',
    body: RuleArgs,
    response: z.strictObject({ rule: Rule }),
    errors: ruleErrors,
  }),
  removeRule: defineRoute({
    method: 'DELETE',
    url: '/api/import/rules',
    permission: 'activity.write',
    summary: 'Remove an import rule (lines it classified stay as they are)',
    body: z.object({ ruleId: idText(), expectedVersion: expectedVersionArg }),
    response: z.strictObject({ ruleId: z.string() }),
    errors: ruleErrors,
  }),
};
