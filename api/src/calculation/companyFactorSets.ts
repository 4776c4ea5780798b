import { z } from 'zod';
import { boundedText, idText, LIMITS, longText } from '@ghg/events';
import type { companyFactorSetsDecider } from '@ghg/domain';
import { IdParam, Labels, pathText, queryInt } from '../core/args';
import { defineRoute, errorTable, noErrors, type DeciderError } from '../core/contract';

const deciderErrors = errorTable<DeciderError<typeof companyFactorSetsDecider>>()({
  invalid_set_id: 400,
  factor_set_exists: 409,
  invalid_title: 400,
  invalid_text: 400,
  factor_set_not_found: 404,
  factor_not_found: 404,
  invalid_factor: 400,
  empty_table: 400,
});

/** Why an upload is refused before its rows are checked: 413 too big or too costly, 429 a full queue, 400 malformed. */
export const uploadRefusals = errorTable<'invalid_base64' | 'empty_file' | 'file_too_large' | 'file_uncompressed_too_large' | 'file_too_complex' | 'uploads_busy'>()({
  invalid_base64: 400,
  empty_file: 400,
  file_too_large: 413,
  file_uncompressed_too_large: 413,
  file_too_complex: 413,
  uploads_busy: 429,
});
export type UploadRefusalCode = keyof typeof uploadRefusals;

const version = z.number().int().min(0).max(LIMITS.maxVersion).optional();
const text = longText().nullish();
const labels = z.union([longText().transform((ja) => ({ ja })), z.object({ ja: text, en: text, zhHans: text })]);
// Cells are checked by the table's own row rules (too_long, invalid_text …), which name the field.
const cell = z.union([longText(), z.number()]).nullish();

const SetView = z.strictObject({
  id: z.string(),
  setId: z.string(),
  title: Labels,
  publisher: z.string(),
  citation: z.string(),
  licence: z.string(),
  /** The newest published version; 0 while the set is empty. */
  version: z.number(),
  entryCount: z.number(),
});

/** A CSV download as JSON (with `Accept: text/csv` the answer is the file itself). */
const CsvFile = z.strictObject({ fileName: z.string(), mediaType: z.string(), content: z.string() });

/** The company's own factor sets, versioned (docs/api.md, "Company factor sets"). */
export const companyFactorSetRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/company-factor-sets',
    permission: 'company.read',
    summary: "The selected company's factor sets with every published version",
    response: z.strictObject({
      companyFactorSets: z.array(
        SetView.extend({
          versions: z.array(
            z.strictObject({
              version: z.number(),
              change: z.string(),
              mode: z.string().nullable(),
              fileName: z.string().nullable(),
              format: z.string().nullable(),
              entryCount: z.number(),
              actorUserId: z.string().nullable(),
              publishedAt: z.string(),
            }),
          ),
        }),
      ),
    }),
    errors: noErrors,
  }),
  template: defineRoute({
    method: 'GET',
    url: '/api/company-factor-sets/template.csv',
    permission: 'company.read',
    summary: 'The upload template (header row), UTF-8 with BOM',
    response: CsvFile,
    produces: ['application/json', 'text/csv'],
    errors: noErrors,
  }),
  download: defineRoute({
    method: 'GET',
    url: '/api/company-factor-sets/:id/factors.csv',
    permission: 'company.read',
    summary: 'One version of a set (default: the newest) in the upload format',
    params: z.object({ id: pathText() }),
    query: z.object({ version: queryInt(1, LIMITS.maxVersion).optional() }),
    response: CsvFile,
    produces: ['application/json', 'text/csv'],
    errors: errorTable<'factor_set_not_found' | 'factor_set_version_not_found'>()({ factor_set_not_found: 404, factor_set_version_not_found: 404 }),
  }),
  create: defineRoute({
    method: 'POST',
    url: '/api/company-factor-sets',
    permission: 'company.configure',
    summary: 'Create an empty set',
    body: z.object({
      setId: idText().trim().min(1),
      title: labels,
      publisher: longText().optional(),
      citation: longText().optional(),
      licence: longText().optional(),
    }),
    response: z.strictObject({ companyFactorSet: SetView.nullable() }),
    errors: deciderErrors,
  }),
  saveFactor: defineRoute({
    method: 'POST',
    url: '/api/company-factor-sets/:id/factors',
    permission: 'company.configure',
    summary: 'Add or change one factor by hand: publishes the next version of the set',
    description: 'A bad field is 400 `invalid_factor` with `errors: [{field, code}]`.',
    params: IdParam,
    body: z.object({
      key: cell,
      label: z.object({ ja: text, en: text, zhHans: text }).optional(),
      value: cell,
      unit: cell,
      stage: cell,
      validFrom: cell,
      validTo: cell,
      source: cell,
      licenceNote: cell,
      category: cell,
      expectedVersion: version,
    }),
    response: z.strictObject({ companyFactorSet: SetView.nullable() }),
    errors: deciderErrors,
  }),
  removeFactor: defineRoute({
    method: 'DELETE',
    url: '/api/company-factor-sets/:id/factors/:key',
    permission: 'company.configure',
    summary: 'Remove one factor: publishes the next version of the set',
    params: z.object({ id: idText(), key: idText() }),
    body: z.object({ expectedVersion: version }),
    response: z.strictObject({ companyFactorSet: SetView.nullable() }),
    errors: deciderErrors,
  }),
  upload: defineRoute({
    method: 'POST',
    url: '/api/company-factor-sets/:id/upload',
    permission: 'company.configure',
    summary: 'Upload a whole table (CSV or .xlsx, base64 in JSON): all rows valid → the next version, else nothing',
    description:
      'Refused before the rows are read: `invalid_base64`, `file_too_large`, `file_uncompressed_too_large`, `file_too_complex`, `uploads_busy` (with `limits`). A file that cannot be read is `invalid_file`, bad rows `invalid_factor_table`, each with `errors: [{row, field, code}]`.',
    params: IdParam,
    body: z.object({
      fileName: boundedText(LIMITS.shortTextLength, 1).trim().min(1),
      // Its size and alphabet are checked when it is decoded, which names the problem.
      contentBase64: z.string().min(1),
      mode: z.enum(['merge', 'replace']).default('merge'),
      expectedVersion: version,
    }),
    response: z.strictObject({ companyFactorSet: SetView.nullable(), format: z.string(), rows: z.number(), changed: z.boolean() }),
    errors: errorTable<DeciderError<typeof companyFactorSetsDecider> | UploadRefusalCode | 'invalid_file' | 'invalid_factor_table'>()({
      ...deciderErrors,
      ...uploadRefusals,
      invalid_file: 400,
      invalid_factor_table: 400,
    }),
  }),
};
