import core from './core';
import companySection from './features/companySection';
import users from './features/users';
import apiTokens from './features/apiTokens';
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
import reports from './features/reports';
import auditPack from './features/auditPack';
import energyReport from './features/energyReport';
import shkReport from './features/shkReport';
// `import` is a reserved word: the folder's fragment is registered under its name below.
import importFragment from './features/import';

import { mergeFragments, type Locale } from './meta';

export { DEFAULT_LOCALE, LOCALES, intlLocale, isLocale, mergeFragments, type Locale } from './meta';

/**
 * The catalogue comes in fragments: `core/` (the shell's words: navigation groups, shared words,
 * the routes not built yet) and one folder per feature under `features/`, each with ja, en and
 * zhHans, holding all of the feature's messages (screens, route title, settings-index text, audit
 * names), so a feature's strings live in files of their own. Message ids are namespaced by feature, e.g. `settings.fiscalYear.title`.
 * A feature folder is registered here by its folder name (fragments.unit.test.ts fails on a folder
 * missing from this list).
 */
export const fragments = { core, companySection, users, apiTokens, reductionGoal, offset, region, groupFlag, intensity, scopeSetting, activityLine, activityInput, aggregate, factorLibrary, http, health, import: importFragment, views, viewsIntensity, viewsComparison, home, viewsRegion, viewsGroupFlag, a11y, reports, auditPack, energyReport, shkReport };
type Fragment = (typeof fragments)[keyof typeof fragments];
type KeysOf<T> = T extends unknown ? keyof T : never;

export type MessageId = KeysOf<Fragment['ja']>;
export type Catalogue = Record<MessageId, string>;

/** One locale's fragments merged (an id defined twice fails at load). */
const merge = (locale: Locale) => mergeFragments(Object.entries(fragments).map(([name, fragment]) => [`${name}/${locale}.json`, fragment[locale] as Record<string, string>])) as Catalogue;

export const ja = merge('ja');
export const en = merge('en');
export const zhHans = merge('zhHans');
export const catalogues: Record<Locale, Catalogue> = { ja, en, zhHans };
