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
  user_not_manageable: 403,
  last_group_admin: 409,
  version_conflict: 409,
  wrong_expected_version: 409,
};

/** The spec's own words where it quotes a message (000 §5, §8; 001 §5); others read from the code. */
const messageByCode: Record<string, string> = {
  invalid_args: 'invalid args',
  version_conflict: 'version conflict',
  section_has_children: 'Cannot delete organization with subordinate organization(s)',
  section_has_users: 'Cannot delete organization with users who have permissions',
  section_has_flag: 'Cannot delete organization with registered flag',
};

/** Refusals that mean "this clashes with something already there" are conflicts, like a stale version. */
const isConflict = (code: string) => code.endsWith('_exists') || code.endsWith('_overlap');

export function httpErrorFor(rawCode: string): HttpError {
  const code = rawCode === 'wrong_expected_version' ? 'version_conflict' : rawCode;
  const status = statusByCode[code] ?? (isConflict(code) ? 409 : code.endsWith('_not_found') ? 404 : 400);
  return new HttpError(status, code, messageByCode[code] ?? code.replaceAll('_', ' '));
}
