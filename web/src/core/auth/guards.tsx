import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { LOGIN_PATH, ApiError } from '../api/client';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import { ErrorScreen } from '../errors/ErrorScreen';
import { redirectTarget } from './safeRedirect';
import { useSession } from './SessionProvider';
import { sessionStore } from './sessionStore';

/** The login URL that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return path === '/' || path === '' ? LOGIN_PATH : `${LOGIN_PATH}?redirect=${encodeURIComponent(path)}`;
}

/**
 * Pages are protected by default: a logged-out visitor goes to /auth/login and the intended path
 * is remembered (not after an explicit logout, which means "I am done here").
 */
export function RequireAuth() {
  const { status, user, error } = useSession();
  const location = useLocation();

  useEffect(() => {
    // A user whose message is 'unauthorized' is logged out and sent to the login page.
    if (user?.message === 'unauthorized') sessionStore.logout('unauthorized');
  }, [user?.message]);

  if (status === 'anonymous') {
    const intended = sessionStore.lastLogoutReason === 'user' ? '/' : `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginPathFor(intended)} replace />;
  }
  if (status === 'error' && !(error instanceof ApiError && error.status === 401)) {
    const status = error instanceof ApiError ? error.status : 503;
    return <ErrorScreen status={status} message={error instanceof Error ? error.message : undefined} retry />;
  }
  if (status !== 'authenticated' || user?.message === 'unauthorized') return <FullPageSpinner />;
  return <Outlet />;
}

/** Guest-only pages (the login page): a logged-in user goes on to the safe redirect target or /. */
export function GuestOnly() {
  const { status } = useSession();
  const [params] = useSearchParams();
  if (status === 'authenticated') return <Navigate to={redirectTarget(params.get('redirect'))} replace />;
  return <Outlet />;
}
