import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  availableLocales,
  languageCookieString,
  readLanguageCookie,
  resolveLocale,
} from './languageCookie';

describe('languages', () => {
  it('keeps the choice in the i18n_redirected cookie for 365 days', () => {
    expect(LANGUAGE_COOKIE).toBe('i18n_redirected');
    expect(LANGUAGE_COOKIE_MAX_AGE_SECONDS).toBe(365 * 86400);
    expect(languageCookieString('en')).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('reads the cookie among others and ignores unknown values', () => {
    expect(readLanguageCookie('a=1; i18n_redirected=zhHans; b=2')).toBe('zhHans');
    expect(readLanguageCookie('i18n_redirected=fr')).toBeNull();
    expect(readLanguageCookie('')).toBeNull();
  });

  it('offers ja, en and zhHans, without zhHans for individual type t2', () => {
    expect(availableLocales('t1')).toEqual(['ja', 'en', 'zhHans']);
    expect(availableLocales(undefined)).toEqual(['ja', 'en', 'zhHans']);
    expect(availableLocales('t2')).toEqual(['ja', 'en']);
  });

  it('falls back to Japanese', () => {
    expect(resolveLocale('en', ['ja', 'en'])).toBe('en');
    expect(resolveLocale('zhHans', ['ja', 'en'])).toBe('ja');
    expect(resolveLocale(undefined, ['ja', 'en', 'zhHans'])).toBe('ja');
  });
});
