import { useEffect, type ReactNode } from 'react';
import { useMatches, useParams } from 'react-router-dom';
import { Icon } from '@blueprintjs/core';
import { useT } from '../i18n/I18nProvider';
import { categoryName } from '../router/categories';
import { CrumbList, type Crumb } from './CrumbList';
import { breadcrumbTrail, hrefFor, type RouteDef } from '../router/routeTable';

export function useCurrentRoute(): RouteDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as { route?: RouteDef } | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}

/** A route's title in the current language, with its category, detail number or URL params. */
export function useRouteTitle() {
  const t = useT();
  const params = useParams();
  return (def: RouteDef) => {
    const values: Record<string, string> = {};
    if (def.titleValues?.category) values.category = t(categoryName[def.titleValues.category]);
    if (def.titleValues?.n !== undefined) values.n = String(def.titleValues.n);
    for (const name of def.titleParams ?? []) values[name] = params[name] ?? '';
    return t(def.title, values);
  };
}

/** Breadcrumbs, the page title (h1) and the page's actions; also sets the document title. */
export function PageHeader({ actions, subtitle }: { actions?: ReactNode; subtitle?: ReactNode }) {
  const def = useCurrentRoute();
  const t = useT();
  const title = useRouteTitle();
  const params = useParams();
  const heading = def ? title(def) : '';

  useEffect(() => {
    document.title = heading ? `${heading} | ${t('app.name')}` : t('app.name');
  }, [heading, t]);

  const trail = def ? breadcrumbTrail(def) : [];
  const crumbs: Crumb[] = trail.map((crumb) => ({
    key: crumb.path,
    text: crumb.path === '/' ? t('nav.home') : title(crumb),
    href: hrefFor(crumb.path, params),
    icon: crumb.path === '/' ? <Icon icon="home" size={12} className="ghg-crumb-icon" /> : undefined,
  }));

  return (
    // data-route: the route pattern this header belongs to, so a test can tell the new page from the one before.
    <header className="ghg-page-header" data-route={def?.path}>
      {crumbs.length > 1 && (
        <nav aria-label={t('nav.breadcrumbs')} data-testid="breadcrumbs">
          <CrumbList items={crumbs} />
        </nav>
      )}
      <div className="ghg-page-title-row">
        <div>
          <h1 className="bp6-heading ghg-page-title" data-testid="page-title">
            {heading}
          </h1>
          {subtitle && <div className="ghg-page-subtitle">{subtitle}</div>}
        </div>
        {actions && <div className="ghg-page-actions">{actions}</div>}
      </div>
    </header>
  );
}
