import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { Catalogue, MessageId } from '@ghg/locales';
import { DEFAULT_LOCALE, intlLocale, type Locale } from '@ghg/locales/meta';
import { systemOptionsQuery } from '../api/queries';
import { japaneseCatalogue, loadCatalogue, loadedCatalogue } from './catalogueLoader';
import { availableLocales, readLanguageCookie, resolveLocale, writeLanguageCookie } from './languageCookie';

interface I18nContextValue {
  locale: Locale;
  available: Locale[];
  individualType: 't1' | 't2';
  /** Shows the language now and keeps it in the cookie; saving it for the user is useChangeLanguage's job. */
  setLocale: (locale: Locale) => void;
}

const I18nContext = createContext<I18nContextValue | null>(null);

/** Japanese messages under every catalogue: ja is the fallback for any id a catalogue lacks. */
const withFallback = (locale: Locale, catalogue: Catalogue) => (locale === DEFAULT_LOCALE ? catalogue : { ...japaneseCatalogue, ...catalogue });

/**
 * The language to show and its messages: the wanted one once its catalogue has loaded; until then
 * the one shown before (a switch keeps the page as it is, in the old language, for the moment the
 * chunk takes), or nothing at all on the very first render (no flash of Japanese for an English
 * reader).
 */
function useShownLanguage(locale: Locale): { shown: Locale; messages: Catalogue } | null {
  const [previous, setPrevious] = useState<Locale | null>(null);
  const [, setLoads] = useState(0);
  useEffect(() => {
    if (loadedCatalogue(locale)) return;
    let live = true;
    void loadCatalogue(locale).then(() => live && setLoads((n) => n + 1));
    return () => {
      live = false;
    };
  }, [locale]);
  const shown = loadedCatalogue(locale) ? locale : previous;
  // Kept for the next switch (state from an earlier render, set while rendering as React allows).
  if (shown !== previous) setPrevious(shown);
  return useMemo(() => (shown === null ? null : { shown, messages: withFallback(shown, loadedCatalogue(shown) ?? japaneseCatalogue) }), [shown]);
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const { data: options } = useQuery(systemOptionsQuery);
  const individualType = options?.individualType ?? 't1';
  const available = useMemo(() => availableLocales(individualType), [individualType]);
  const [wanted, setWanted] = useState<Locale>(() => readLanguageCookie() ?? DEFAULT_LOCALE);
  const locale = resolveLocale(wanted, available);

  const setLocale = useCallback((next: Locale) => {
    setWanted(next);
    writeLanguageCookie(next);
  }, []);

  const language = useShownLanguage(locale);
  const shown = language?.shown ?? null;
  useEffect(() => {
    if (shown) document.documentElement.lang = intlLocale[shown];
  }, [shown]);
  useEffect(() => {
    // A t2 deployment removed the stored language: keep the cookie truthful.
    if (wanted !== locale && options) writeLanguageCookie(locale);
  }, [locale, wanted, options]);

  const value = useMemo(() => ({ locale: shown ?? locale, available, individualType, setLocale }), [shown, locale, available, individualType, setLocale]);
  if (!language) return null;

  return (
    <I18nContext.Provider value={value}>
      <IntlProvider
        locale={intlLocale[language.shown]}
        defaultLocale={intlLocale.ja}
        messages={language.messages}
        onError={(error) => {
          if (import.meta.env.DEV) console.warn(error.message);
        }}
      >
        {children}
      </IntlProvider>
    </I18nContext.Provider>
  );
}

export function useI18n(): I18nContextValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

export type MessageValues = Record<string, string | number | Date | null | undefined>;

/** `t(id, values)`: every string of the UI comes from the catalogues (ids are typed MessageId). */
export function useT() {
  const intl = useIntl();
  return useCallback((id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values as Record<string, string>), [intl]);
}
