import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionRoutes } from '@ghg/api';
import { call } from '../api/call';
import { authUserQuery } from '../api/queries';
import type { AuthUser } from '../api/types';
import { sessionStore } from './sessionStore';

export type SessionStatus = 'anonymous' | 'loading' | 'authenticated' | 'error';

interface SessionValue {
  token: string | null;
  user: AuthUser | undefined;
  status: SessionStatus;
  error: unknown;
  login: (email: string, password: string) => Promise<AuthUser>;
  logout: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(sessionStore.subscribe, sessionStore.getToken, sessionStore.getToken);
  const userQuery = useQuery({ ...authUserQuery, enabled: token !== null });
  const user = token ? userQuery.data : undefined;

  useEffect(() => {
    sessionStore.setUserId(user?.id ?? null);
  }, [user?.id]);

  // Nothing of one user's data may outlive their session in this tab.
  useEffect(() => sessionStore.onLogout(() => queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'systemOptions' })), [queryClient]);

  const login = useCallback(
    async (email: string, password: string) => {
      const { token: newToken } = await call(sessionRoutes.login, { body: { email, password } });
      queryClient.removeQueries({ queryKey: authUserQuery.queryKey });
      sessionStore.login(newToken);
      return queryClient.fetchQuery(authUserQuery);
    },
    [queryClient],
  );

  const logout = useCallback(() => sessionStore.logout('user'), []);

  const status: SessionStatus =
    token === null ? 'anonymous' : user ? 'authenticated' : userQuery.isError ? 'error' : 'loading';

  const value = useMemo(
    () => ({ token, user, status, error: userQuery.error, login, logout }),
    [token, user, status, userQuery.error, login, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The logged-in user; only for screens behind the guard. */
export function useUser(): AuthUser {
  const { user } = useSession();
  if (!user) throw new Error('useUser without a logged-in user');
  return user;
}

