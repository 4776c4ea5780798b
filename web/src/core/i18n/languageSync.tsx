import { useCallback, useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@ghg/locales';
import { accountRoutes } from '@ghg/api';
import { call } from '../api/call';
import { authUserQuery } from '../api/queries';
import type { AuthUser } from '../api/types';
import { useSession } from '../auth/SessionProvider';
import { useI18n } from './I18nProvider';

/**
 * The logged-in user's saved language wins when it arrives or changes (login, another tab, the
 * account settings page); the cookie then follows it.
 */
export function LanguageSync() {
  const { user } = useSession();
  const { setLocale, available } = useI18n();
  const last = useRef<string | null>(null);
  useEffect(() => {
    const language = user?.language ?? null;
    if (language === last.current) return;
    last.current = language;
    if (language && (available as string[]).includes(language)) setLocale(language);
  }, [user?.language, available, setLocale]);
  return null;
}

/** Shows the new language at once and, when logged in, saves it for the user (PUT /api/user). */
export function useChangeLanguage() {
  const { user } = useSession();
  const { setLocale } = useI18n();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (language: Locale) => call(accountRoutes.updateUser, { body: { user: { language } } }),
    onSuccess: (_answer, language) => {
      queryClient.setQueryData<AuthUser>(authUserQuery.queryKey, (old) => (old ? { ...old, language } : old));
    },
  });
  const change = useCallback(
    async (language: Locale) => {
      setLocale(language);
      if (user && user.language !== language) await mutation.mutateAsync(language);
    },
    [user, setLocale, mutation],
  );
  return { change, pending: mutation.isPending, error: mutation.error };
}
