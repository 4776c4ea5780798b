/**
 * Every code an import, a rule or a row may be refused with, in words. Each table is typed by the
 * list of codes it translates (domain, api), so a code added there is a type error here until it
 * has its words.
 */
import type { ImportFileRefusal } from '@ghg/api';
import type { HeaderProblemCode, ImportRowErrorCode, ImportRuleError } from '@ghg/domain';
import type { MessageId } from '@ghg/locales';
import { ApiError, NetworkError } from '../../core/api/client';
import { describeError } from '../../core/ui/errorMessage';
import { lineCodes } from '../input/api';

export { actionName, countFromName, fieldMessage, matchFieldName, sourceTypeName } from './labels';

/** Why a row was refused: its reading (domain), its classification, its section and currency. */
const rowCodes: Record<ImportRowErrorCode | 'unknown_section' | 'section_not_permitted' | 'currency_rate_missing' | 'duplicate_source_key' | 'invalid_detail_value', MessageId> = {
  missing_value: 'import.row.missing_value',
  invalid_date: 'import.row.invalid_date',
  invalid_number: 'import.row.invalid_number',
  negative_amount: 'import.row.negative_amount',
  invalid_currency: 'import.row.invalid_currency',
  value_too_long: 'import.row.value_too_long',
  invalid_text: 'import.row.invalid_text',
  unknown_section: 'import.row.unknown_section',
  section_not_permitted: 'import.row.section_not_permitted',
  currency_rate_missing: 'import.row.currency_rate_missing',
  duplicate_source_key: 'import.row.duplicate_source_key',
  invalid_detail_value: 'import.row.invalid_detail_value',
};

export interface Described {
  id: MessageId;
  values?: Record<string, string>;
}

/** A row error's message: the import's own codes, then the calculation's (as the input pages word them), else one naming the code. */
export function rowCodeMessage(code: string): Described {
  const id = Object.hasOwn(rowCodes, code) ? rowCodes[code as keyof typeof rowCodes] : Object.hasOwn(lineCodes, code) ? lineCodes[code] : undefined;
  return id ? { id } : { id: 'import.row.other', values: { code } };
}

const headerCodes: Record<HeaderProblemCode, MessageId> = {
  missing_column: 'import.header.missing_column',
  unknown_column: 'import.header.unknown_column',
  duplicate_column: 'import.header.duplicate_column',
  no_header: 'import.header.no_header',
};

export function headerCodeMessage(code: string): Described {
  return Object.hasOwn(headerCodes, code) ? { id: headerCodes[code as HeaderProblemCode] } : { id: 'import.row.other', values: { code } };
}

/** Refusals of a whole file, of an undo or of a re-application (api importFileRefusals). */
export const fileRefusalCodes: Record<ImportFileRefusal | 'section_not_permitted' | 'version_conflict', MessageId> = {
  no_company_selected: 'import.refusal.no_company_selected',
  invalid_file_name: 'import.refusal.invalid_file_name',
  duplicate_file_name: 'import.refusal.duplicate_file_name',
  unsupported_file_type: 'import.refusal.unsupported_file_type',
  empty_file: 'import.refusal.empty_file',
  no_data_rows: 'import.refusal.no_data_rows',
  invalid_encoding: 'import.refusal.invalid_encoding',
  invalid_csv: 'import.refusal.invalid_csv',
  several_sheets: 'import.refusal.several_sheets',
  formula_cell: 'import.refusal.formula_cell',
  invalid_xlsx: 'import.refusal.invalid_xlsx',
  too_many_columns: 'import.refusal.too_many_columns',
  too_many_rows: 'import.refusal.too_many_rows',
  file_too_large: 'import.refusal.file_too_large',
  header_invalid: 'import.refusal.header_invalid',
  import_busy: 'import.refusal.import_busy',
  import_not_found: 'import.refusal.import_not_found',
  import_already_undone: 'import.refusal.import_already_undone',
  import_lines_changed: 'import.refusal.import_lines_changed',
  upload_not_found: 'import.refusal.upload_not_found',
  import_id_reused: 'import.refusal.import_id_reused',
  section_not_permitted: 'import.refusal.section_not_permitted',
  version_conflict: 'import.refusal.version_conflict',
};

/** Refusals of a rule (its save or removal). */
export const ruleCodes: Record<ImportRuleError, MessageId> = {
  import_rule_not_found: 'import.rule.error.import_rule_not_found',
  version_conflict: 'import.rule.error.version_conflict',
  unknown_formula: 'import.rule.error.unknown_formula',
  formula_not_in_category: 'import.rule.error.formula_not_in_category',
  rule_target_missing: 'import.rule.error.rule_target_missing',
  unknown_section: 'import.rule.error.unknown_section',
  section_not_permitted: 'import.rule.error.section_not_permitted',
  unknown_detail_field: 'import.rule.error.unknown_detail_field',
  invalid_detail_value: 'import.rule.error.invalid_detail_value',
};

/** How a file was decoded, as people name encodings (not words to translate). */
export function encodingLabel(encoding: string): string {
  const known: Record<string, string> = { 'utf-8': 'UTF-8', 'utf-8-bom': 'UTF-8 (BOM)', shift_jis: 'Shift_JIS', xlsx: 'Excel (.xlsx)', json: 'JSON' };
  return known[encoding] ?? encoding;
}

/**
 * A refusal of a file, an undo or a re-application in words: the import's own codes (the file's
 * name filled in), then the codes every screen shares; a code without words is named; anything
 * else is the spec's "Unknown Error".
 */
export function describeRefusal(error: unknown, fileName: string): Described {
  if (error instanceof ApiError) {
    if (error.code && Object.hasOwn(fileRefusalCodes, error.code)) return { id: fileRefusalCodes[error.code as keyof typeof fileRefusalCodes], values: { file: fileName } };
    if (error.code && Object.hasOwn(ruleCodes, error.code)) return { id: ruleCodes[error.code as keyof typeof ruleCodes] };
    // A server fault says nothing the user can act on: the spec's fallback.
    if (error.status >= 500) return { id: 'import.unknownError' };
    const shared = describeError(error);
    if ('id' in shared && shared.id !== 'error.api.unknown') return { id: shared.id };
    if (error.code) return { id: 'import.refusal.other', values: { code: error.code } };
    return { id: 'import.unknownError' };
  }
  if (error instanceof NetworkError) return { id: 'error.api.network' };
  return { id: 'import.unknownError' };
}
