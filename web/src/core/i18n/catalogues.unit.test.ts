import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { LOCALES, catalogues, intlLocale, type Locale } from '@ghg/locales';

/** Every string of the UI comes from the catalogue fragments in locales/src; these checks keep them whole. */
const webSrc = new URL('../..', import.meta.url).pathname;
/** The contracts and command-api name message ids too: the headings of a file the server writes (an export). */
const serverSrc = ['../../../../api/src', '../../../../command-api/src'].map((dir) => new URL(dir, import.meta.url).pathname);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.unit\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const code = [webSrc, ...serverSrc]
  .flatMap(sources)
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');
const keys = Object.keys(catalogues.ja);
const placeholders = (message: string) =>
  [...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((m) => m[1]).filter((v, i, a) => a.indexOf(v) === i).sort();

describe('message catalogues', () => {
  it('have the same keys in ja, en and zhHans', () => {
    for (const locale of LOCALES) {
      const own = Object.keys(catalogues[locale]);
      expect(own.filter((k) => !keys.includes(k)), `${locale} has keys ja lacks`).toEqual([]);
      expect(keys.filter((k) => !own.includes(k)), `${locale} misses keys`).toEqual([]);
    }
  });

  it('have no empty messages', () => {
    for (const locale of LOCALES) {
      for (const [k, v] of Object.entries(catalogues[locale])) expect(v.trim(), `${locale} ${k}`).not.toBe('');
    }
  });

  it('has no unused key: each id appears literally in web/src (or in a file the server writes)', () => {
    const unused = keys.filter((k) => !code.includes(`'${k}'`) && !code.includes(`"${k}"`) && !code.includes(`\`${k}\``));
    expect(unused).toEqual([]);
  });

  it('has every id the code asks for with t(…)', () => {
    const asked = [...code.matchAll(/\bt\(\s*'([^']+)'/g)].map((m) => m[1]!);
    expect(asked.length).toBeGreaterThan(50);
    expect([...new Set(asked.filter((id) => !keys.includes(id)))]).toEqual([]);
  });

  it('uses the same placeholders in every language', () => {
    for (const k of keys) {
      const expected = placeholders(catalogues.en[k as keyof typeof catalogues.en]);
      for (const locale of LOCALES) expect(placeholders(catalogues[locale][k as keyof typeof catalogues.ja]), `${locale} ${k}`).toEqual(expected);
    }
  });

  it.each(LOCALES)('formats every %s message without error', (locale: Locale) => {
    const errors: string[] = [];
    const intl = createIntl({ locale: intlLocale[locale], messages: catalogues[locale], onError: (e) => errors.push(e.message) });
    for (const k of keys) {
      const values = Object.fromEntries(placeholders(catalogues[locale][k as keyof typeof catalogues.ja]).map((p) => [p, p === 'count' ? 2 : 'x']));
      expect(intl.formatMessage({ id: k }, values), k).toBeTruthy();
    }
    expect(errors).toEqual([]);
  });

  it('are translated, not copied from English', () => {
    const sameEverywhere = ['app.name', 'language.ja', 'language.en', 'language.zhHans'];
    for (const locale of ['ja', 'zhHans'] as const) {
      const copied = keys.filter((k) => !sameEverywhere.includes(k) && catalogues[locale][k as keyof typeof catalogues.ja] === catalogues.en[k as keyof typeof catalogues.en]);
      expect(copied, locale).toEqual([]);
    }
  });

  it('keeps the product’s own English wording, word for word', () => {
    expect(catalogues.en['error.notFound']).toBe('This page could not be found');
    expect(catalogues.en['error.pageFailed']).toBe('An error occurred while showing the error page');
    expect(catalogues.en['error.homepage']).toBe('Homepage');
    // The section-delete refusals, and the Japanese fallback for users with permissions.
    expect(catalogues.en['companySection.error.hasChildren']).toBe('Cannot delete organization with subordinate organization(s)');
    expect(catalogues.en['companySection.error.hasUsers']).toBe('Cannot delete organization with users who have permissions');
    expect(catalogues.en['companySection.error.hasFlag']).toBe('Cannot delete organization with registered flag');
    expect(catalogues.ja['companySection.error.hasUsers']).toBe('権限のあるユーザーが存在します。');
  });
});
