/**
 * What the languages are, without their messages: the web app imports this at run time
 * (`@ghg/locales/meta`) and loads a language's messages only when it is shown, so the entry bundle
 * carries one catalogue, not three (docs/benchmarks.md, (k)). The package entry adds the catalogues.
 */

/** Interface languages: Japanese is the default and the fallback. */
export type Locale = 'ja' | 'en' | 'zhHans';
export const LOCALES: readonly Locale[] = ['ja', 'en', 'zhHans'];
export const DEFAULT_LOCALE: Locale = 'ja';

/** The BCP 47 tag each locale formats with (dates, numbers, plural rules). */
export const intlLocale: Record<Locale, string> = { ja: 'ja-JP', en: 'en', zhHans: 'zh-Hans-CN' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * One language's fragments (named by where they come from) merged into one catalogue; an id
 * defined in two fragments is a mistake and fails at load.
 */
export function mergeFragments(parts: Iterable<[name: string, messages: Record<string, string>]>): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [name, messages] of parts) {
    for (const [id, message] of Object.entries(messages)) {
      if (id in merged) throw new Error(`message id ${id} is defined twice (again in ${name})`);
      merged[id] = message;
    }
  }
  return merged;
}
