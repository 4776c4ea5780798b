import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_LOCALE, catalogues, intlLocale, type Locale, type MessageId } from '@ghg/locales';
import { systemOptionsQuery } from '../api/queries';
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
const messagesFor = (locale: Locale) => (locale === DEFAULT_LOCALE ? catalogues.ja : { ...catalogues.ja, ...catalogues[locale] });

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

  useEffect(() => {
    document.documentElement.lang = intlLocale[locale];
    // A t2 deployment removed the stored language: keep the cookie truthful.
    if (wanted !== locale && options) writeLanguageCookie(locale);
  }, [locale, wanted, options]);

  const value = useMemo(() => ({ locale, available, individualType, setLocale }), [locale, available, individualType, setLocale]);
  const messages = useMemo(() => messagesFor(locale), [locale]);

  return (
    <I18nContext.Provider value={value}>
      <IntlProvider
        locale={intlLocale[locale]}
        defaultLocale={intlLocale.ja}
        messages={messages}
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
