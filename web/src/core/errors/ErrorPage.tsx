import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AnchorButton, Button, Intent, NonIdealState } from '@blueprintjs/core';
import { japaneseCatalogue, loadedCatalogue } from '../i18n/catalogueLoader';
import { useT } from '../i18n/I18nProvider';
import { readLanguageCookie } from '../i18n/languageCookie';

export interface ErrorPageProps {
  status: number;
  message?: string;
  retry?: boolean;
}

/**
 * The status code and message; nothing at all for 401 (the session is being ended); for 404
 * "This page could not be found" and a Homepage link.
 */
export function ErrorPage({ status, message, retry }: ErrorPageProps) {
  const t = useT();
  if (status === 401) return null;
  const notFound = status === 404;
  return (
    <div className="ghg-error-page" data-testid="error-page" data-status={status}>
      <div className="ghg-error-code" aria-hidden>
        {status}
      </div>
      <NonIdealState
        icon={notFound ? 'search' : 'error'}
        title={<span data-testid="error-message">{notFound ? t('error.notFound') : message || t('error.generic')}</span>}
        description={notFound ? t('error.notFound.description') : t('error.generic.description', { status: String(status) })}
        action={
          notFound ? (
            <AnchorButton href="/" intent={Intent.PRIMARY} icon="home" data-testid="error-home-link">
              {t('error.homepage')}
            </AnchorButton>
          ) : retry ? (
            <Button icon="refresh" onClick={() => window.location.reload()}>
              {t('error.retry')}
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}

/** Message ids read straight from the catalogues: this fallback must work even if i18n itself broke. */
function FailedErrorPage() {
  const catalogue = loadedCatalogue(readLanguageCookie() ?? 'ja') ?? japaneseCatalogue;
  return (
    <div className="ghg-error-page" data-testid="error-page-failed">
      <p className="ghg-error-failed">{catalogue['error.pageFailed']}</p>
      <a href="/">{catalogue['error.homepage']}</a>
    </div>
  );
}

/** If the error page itself fails: "An error occurred while showing the error page" and a link home. */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('The error page failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <FailedErrorPage /> : this.props.children;
  }
}
