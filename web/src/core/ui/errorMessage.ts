import type { MessageId } from '@ghg/locales';
import { ApiError, NetworkError } from '../api/client';

/** API error codes the UI translates (docs/api.md); anything else shows the server's own message. */
const byCode: Record<string, MessageId> = {
  invalid_args: 'error.api.invalidArgs',
  invalid_credentials: 'error.api.invalidCredentials',
  unauthorized: 'error.api.unauthorized',
  forbidden: 'error.api.forbidden',
  rate_limited: 'error.api.rateLimited',
  payload_too_large: 'http.payloadTooLarge',
  event_too_large: 'http.payloadTooLarge',
  version_conflict: 'error.api.versionConflict',
  currency_rate_exists: 'error.api.currencyRateExists',
  currency_rate_not_found: 'error.api.currencyRateNotFound',
  invalid_currency_unit: 'error.api.invalidCurrencyUnit',
  invalid_rate: 'error.api.invalidRate',
  invalid_fiscal_year: 'error.api.invalidFiscalYear',
  invalid_start_month: 'error.api.invalidStartMonth',
  unknown_fiscal_year: 'error.api.unknownFiscalYear',
  company_not_allowed: 'error.api.companyNotAllowed',
  invalid_language: 'error.api.invalidLanguage',
  invalid_reset_token: 'error.api.invalidResetToken',
  password_too_short: 'error.api.passwordTooShort',
  user_inactive: 'error.api.userInactive',
};

export type ErrorText = { id: MessageId } | { text: string };

/**
 * `codes` lets a feature translate its own rule codes (e.g. `offset_serial_overlap`) without
 * every feature's codes living here; the shared ones above still apply.
 */
export function describeError(error: unknown, codes: Readonly<Record<string, MessageId>> = {}): ErrorText {
  if (error instanceof ApiError) {
    const id = (error.code && (codes[error.code] ?? byCode[error.code])) || (error.status === 429 ? byCode.rate_limited : undefined);
    if (id) return { id };
    if (error.message) return { text: error.message };
    return { id: 'error.api.unknown' };
  }
  if (error instanceof NetworkError) return { id: 'error.api.network' };
  return { id: 'error.api.unknown' };
}

/**
 * The fields a refused call (4xx) names (`fields`), so a form can mark them; `prefix` strips a list path
 * such as `reductionGoals.3.` from the names. `codeFields` adds the field a rule code is about
 * (e.g. `invalid_date` → the date field), for codes the server sends without `fields`.
 */
export function errorFields(error: unknown, prefix = '', codeFields: Readonly<Record<string, string>> = {}): string[] {
  if (!(error instanceof ApiError) || error.status >= 500) return [];
  const named = error.fields.filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
  const byCode = error.code ? codeFields[error.code] : undefined;
  return byCode && !named.includes(byCode) ? [...named, byCode] : named;
}

/** The fields of `form` a refusal names (see errorFields), each marked with `message`, for the form's error state. */
export function refusedFields<F extends object>(error: unknown, form: F, message: MessageId, codeFields: Readonly<Record<string, string>> = {}): Partial<Record<keyof F, MessageId>> {
  const marked: Partial<Record<keyof F, MessageId>> = {};
  for (const field of errorFields(error, '', codeFields)) if (field in form) marked[field as keyof F] = message;
  return marked;
}
