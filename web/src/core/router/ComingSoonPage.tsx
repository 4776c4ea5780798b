import { Link } from 'react-router-dom';
import { Card, Icon, NonIdealState } from '@blueprintjs/core';
import { useT } from '../i18n/I18nProvider';
import { PageHeader, useCurrentRoute, useRouteTitle } from '../ui/PageHeader';
import { childrenOf, linkablePath } from './routeTable';

/** A route whose screen is not built yet: its title, breadcrumbs, and the pages below it. */
export default function ComingSoonPage() {
  const t = useT();
  const def = useCurrentRoute();
  const title = useRouteTitle();
  const children = def ? childrenOf(def).filter((c) => linkablePath(c.path) !== null) : [];
  return (
    <>
      <PageHeader />
      <Card className="ghg-coming-soon" data-testid="coming-soon">
        <NonIdealState
          icon="wrench"
          title={t('comingSoon.title')}
          description={t('comingSoon.description', { title: def ? title(def) : '' })}
        />
        {children.length > 0 && (
          <section className="ghg-coming-soon-children" aria-labelledby="coming-soon-children">
            <h2 id="coming-soon-children" className="bp6-heading ghg-section-title">
              {t('comingSoon.children')}
            </h2>
            <ul className="ghg-link-grid">
              {children.map((child) => (
                <li key={child.path}>
                  <Link to={linkablePath(child.path)!} className="ghg-link-card">
                    <span>{title(child)}</span>
                    <Icon icon="chevron-right" size={14} />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className="ghg-coming-soon-back">
          <Link to="/">
            <Icon icon="arrow-left" size={12} /> {t('comingSoon.back')}
          </Link>
        </div>
      </Card>
    </>
  );
}
