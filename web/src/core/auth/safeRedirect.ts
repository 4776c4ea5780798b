/**
 * Only in-app relative post-login redirect paths are accepted. The path starts with
 * a single "/", its characters are letters, digits, @ - % _ ~ and "/", then an optional query and
 * hash. "//host" (protocol-relative), backslashes, schemes and white space are all refused.
 */
const SAFE_PATH = /^\/(?![/\\])[A-Za-z0-9@\-%_~/]*(\?[^#\s\\]*)?(#[^\s\\]*)?$/;

export function isSafeRedirect(path: unknown): path is string {
  if (typeof path !== 'string' || path.length === 0 || path.length > 2048) return false;
  return SAFE_PATH.test(path);
}

/** Where to go after login: the remembered path when it is safe, else the home page. */
export function redirectTarget(path: unknown): string {
  if (!isSafeRedirect(path)) return '/';
  // Never send a user back to the login page itself.
  return path === '/auth/login' || path.startsWith('/auth/login?') ? '/' : path;
}
