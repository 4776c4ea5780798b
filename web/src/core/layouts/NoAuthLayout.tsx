import type { ReactNode } from 'react';
import { Icon } from '@blueprintjs/core';
import { useT } from '../i18n/I18nProvider';

/** The bare layout of the error page: brand, content, no navigation, no session needed. */
export function NoAuthLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="ghg-noauth" data-testid="noauth-layout">
      <header className="ghg-noauth-header">
        <a href="/" className="ghg-brand">
          <Icon icon="tree" size={20} className="ghg-brand-icon" />
          <span>{t('app.name')}</span>
        </a>
      </header>
      <main className="ghg-noauth-main">{children}</main>
      <footer className="ghg-noauth-footer">{t('app.tagline')}</footer>
    </div>
  );
}
