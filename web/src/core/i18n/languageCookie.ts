import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '@ghg/locales/meta';

/** The language cookie i18n_redirected, kept 365 days. */
export const LANGUAGE_COOKIE = 'i18n_redirected';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function readLanguageCookie(cookie: string = typeof document === 'undefined' ? '' : document.cookie): Locale | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return isLocale(value) ? value : null;
    }
  }
  return null;
}

export function languageCookieString(locale: Locale, secure = false): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function writeLanguageCookie(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.cookie = languageCookieString(locale, window.location.protocol === 'https:');
}

/** When the deployment's individual type is t2 the zhHans option is removed. */
export function availableLocales(individualType: 't1' | 't2' | undefined): Locale[] {
  return individualType === 't2' ? LOCALES.filter((l) => l !== 'zhHans') : [...LOCALES];
}

/** The locale to show: the wanted one when it is offered, else Japanese (default and fallback). */
export function resolveLocale(wanted: unknown, available: readonly Locale[]): Locale {
  return isLocale(wanted) && available.includes(wanted) ? wanted : DEFAULT_LOCALE;
}
