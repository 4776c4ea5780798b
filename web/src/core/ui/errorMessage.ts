import type { MessageId } from '@ghg/locales';
import { ApiError, NetworkError } from '../api/client';

/** API error codes the UI translates (docs/api.md); anything else shows the server's own message. */
const byCode: Record<string, MessageId> = {
  invalid_args: 'error.api.invalidArgs',
  invalid_credentials: 'error.api.invalidCredentials',
  unauthorized: 'error.api.unauthorized',
  forbidden: 'error.api.forbidden',
  rate_limited: 'error.api.rateLimited',
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

export function describeError(error: unknown): ErrorText {
  if (error instanceof ApiError) {
    const id = (error.code && byCode[error.code]) || (error.status === 429 ? byCode.rate_limited : undefined);
    if (id) return { id };
    if (error.message) return { text: error.message };
    return { id: 'error.api.unknown' };
  }
  if (error instanceof NetworkError) return { id: 'error.api.network' };
  return { id: 'error.api.unknown' };
}
