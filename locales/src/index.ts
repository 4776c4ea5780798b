import core from './core';
import companySection from './features/companySection';
import users from './features/users';
import reductionGoal from './features/reductionGoal';
import offset from './features/offset';
import region from './features/region';
import groupFlag from './features/groupFlag';
import intensity from './features/intensity';
import scopeSetting from './features/scopeSetting';
import activityLine from './features/activityLine';
import activityInput from './features/activityInput';
import aggregate from './features/aggregate';
import factorLibrary from './features/factorLibrary';
import http from './features/http';
import health from './features/health';
import views from './features/views';
import viewsIntensity from './features/viewsIntensity';
import viewsComparison from './features/viewsComparison';
import viewsRegion from './features/viewsRegion';
import viewsGroupFlag from './features/viewsGroupFlag';
import home from './features/home';
import a11y from './features/a11y';
// `import` is a reserved word: the folder's fragment is registered under its name below.
import importFragment from './features/import';

/** Interface languages: Japanese is the default and the fallback. */
export type Locale = 'ja' | 'en' | 'zhHans';
export const LOCALES: readonly Locale[] = ['ja', 'en', 'zhHans'];
export const DEFAULT_LOCALE: Locale = 'ja';

/**
 * The catalogue comes in fragments: `core/` (the shell's words: navigation groups, shared words,
 * the routes not built yet) and one folder per feature under `features/`, each with ja, en and
 * zhHans, holding all of the feature's messages (screens, route title, settings-index text, audit
 * names), so a feature's strings live in files of their own. Message ids are namespaced by feature, e.g. `settings.fiscalYear.title`.
 * A feature folder is registered here by its folder name (fragments.unit.test.ts fails on a folder
 * missing from this list).
 */
export const fragments = { core, companySection, users, reductionGoal, offset, region, groupFlag, intensity, scopeSetting, activityLine, activityInput, aggregate, factorLibrary, http, health, import: importFragment, views, viewsIntensity, viewsComparison, home, viewsRegion, viewsGroupFlag, a11y };
type Fragment = (typeof fragments)[keyof typeof fragments];
type KeysOf<T> = T extends unknown ? keyof T : never;

export type MessageId = KeysOf<Fragment['ja']>;
export type Catalogue = Record<MessageId, string>;

/** One locale's fragments merged; an id defined in two fragments is a mistake and fails at load. */
function merge(locale: Locale): Catalogue {
  const merged: Record<string, string> = {};
  for (const [name, fragment] of Object.entries(fragments)) {
    for (const [id, message] of Object.entries(fragment[locale] as Record<string, string>)) {
      if (id in merged) throw new Error(`message id ${id} is defined twice (again in ${name}/${locale}.json)`);
      merged[id] = message;
    }
  }
  return merged as Catalogue;
}

export const ja = merge('ja');
export const en = merge('en');
export const zhHans = merge('zhHans');
export const catalogues: Record<Locale, Catalogue> = { ja, en, zhHans };

/** The BCP 47 tag each locale formats with (dates, numbers, plural rules). */
export const intlLocale: Record<Locale, string> = { ja: 'ja-JP', en: 'en', zhHans: 'zh-Hans-CN' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
