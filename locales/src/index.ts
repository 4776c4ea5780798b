import ja from './ja.json';
import en from './en.json';
import zhHans from './zhHans.json';

/** Interface languages (spec 000 §1): Japanese is the default and the fallback. */
export type Locale = 'ja' | 'en' | 'zhHans';
export const LOCALES: readonly Locale[] = ['ja', 'en', 'zhHans'];
export const DEFAULT_LOCALE: Locale = 'ja';

/** Message ids are namespaced by feature, e.g. `settings.fiscalYear.title`. */
export type MessageId = keyof typeof ja;
export type Catalogue = Record<MessageId, string>;

export const catalogues: Record<Locale, Catalogue> = { ja, en, zhHans };

/** The BCP 47 tag each locale formats with (dates, numbers, plural rules). */
export const intlLocale: Record<Locale, string> = { ja: 'ja-JP', en: 'en', zhHans: 'zh-Hans-CN' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export { ja, en, zhHans };
