import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ApiError } from '../api/client';
import { session } from '../auth/storageKeys';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import { claimChunkReload, isChunkLoadError } from './chunkReload';
import { ErrorScreen } from './ErrorScreen';
import { useT } from '../i18n/I18nProvider';

/**
 * Any error a route throws. A chunk that failed to load (a new version was deployed) reloads the
 * page, at most once per 60 seconds; otherwise the error page shows the status (default 500).
 */
export function RouteErrorElement() {
  const error = useRouteError();
  const t = useT();
  const [reloading] = useState(() => isChunkLoadError(error) && claimChunkReload(session, Date.now()));

  useEffect(() => {
    if (reloading) window.location.reload();
    else console.error(error);
  }, [reloading, error]);

  if (reloading) return <FullPageSpinner />;
  // Reloaded less than a minute ago and still failing: say what it is, not the browser's words.
  if (isChunkLoadError(error)) return <ErrorScreen status={500} message={t('error.chunkLoad')} retry />;
  if (isRouteErrorResponse(error)) return <ErrorScreen status={error.status} message={typeof error.data === 'string' ? error.data : error.statusText} />;
  if (error instanceof ApiError) return <ErrorScreen status={error.status} message={error.message} />;
  return <ErrorScreen status={500} message={error instanceof Error ? error.message : undefined} retry />;
}
