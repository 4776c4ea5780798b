import type { Catalogue } from '@ghg/locales';
import { DEFAULT_LOCALE, mergeFragments, type Locale } from '@ghg/locales/meta';
import { byFile } from './languages/byFile';

/**
 * The messages of one language, loaded when it is first shown: Japanese (the default and the
 * fallback) is in the entry bundle, English and Chinese are chunks of their own, so the entry
 * carries one catalogue instead of three (docs/benchmarks.md, (k)). The files are the catalogue
 * fragments of locales/src, found by name, so a new fragment needs no list here; the unit test
 * beside this file requires each merged language to equal the package's own catalogue.
 */
const japanese = import.meta.glob<Record<string, string>>('../../../../locales/src/**/ja.json', { eager: true, import: 'default' });
/** Each other language: a module of its own under languages/, so that each is one chunk. */
const later: Record<Exclude<Locale, 'ja'>, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('./languages/en'),
  zhHans: () => import('./languages/zhHans'),
};

export const japaneseCatalogue = mergeFragments(byFile(japanese)) as Catalogue;

const loaded: Partial<Record<Locale, Catalogue>> = { [DEFAULT_LOCALE]: japaneseCatalogue };

/** The language's catalogue if it has been loaded already. */
export const loadedCatalogue = (locale: Locale): Catalogue | undefined => loaded[locale];

/**
 * Loads (once) the language's catalogue. If its chunk cannot be fetched (the server was updated
 * meanwhile, the network dropped), the language shows as Japanese until the page is reloaded.
 */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const known = loaded[locale];
  if (known) return known;
  let catalogue: Catalogue;
  try {
    catalogue = (await later[locale as keyof typeof later]()).default as Catalogue;
  } catch {
    catalogue = japaneseCatalogue;
  }
  loaded[locale] = catalogue;
  return catalogue;
}
