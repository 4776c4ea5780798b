/**
 * How a named error from a decider or a route becomes an HTTP answer. The body always carries
 * the code, which the web app translates; `message` is the English text (the spec's own words
 * where it quotes them, e.g. 'invalid args').
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const statusByCode: Record<string, number> = {
  invalid_args: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  forbidden: 403,
  version_conflict: 409,
  wrong_expected_version: 409,
  currency_rate_exists: 409,
  user_exists: 409,
  section_exists: 409,
  company_exists: 409,
};

export function httpErrorFor(code: string): HttpError {
  const status = statusByCode[code] ?? (code.endsWith('_not_found') ? 404 : 400);
  const message = code === 'invalid_args' ? 'invalid args' : code === 'wrong_expected_version' ? 'version conflict' : code.replaceAll('_', ' ');
  return new HttpError(status, code === 'wrong_expected_version' ? 'version_conflict' : code, message);
}
