import { useEffect, type ReactNode } from 'react';
import { Link, useMatches, useParams } from 'react-router-dom';
import { Breadcrumbs, Icon, type BreadcrumbProps } from '@blueprintjs/core';
import { useT } from '../i18n/I18nProvider';
import { categoryName } from '../router/categories';
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
  const items: BreadcrumbProps[] = trail.map((crumb, i) => {
    const last = i === trail.length - 1;
    const href = last ? null : hrefFor(crumb.path, params);
    return {
      text: crumb.path === '/' ? t('nav.home') : title(crumb),
      icon: crumb.path === '/' ? 'home' : undefined,
      current: last,
      href: href ?? undefined,
    };
  });

  return (
    <header className="ghg-page-header">
      {items.length > 1 && (
        <nav aria-label={t('nav.breadcrumbs')} data-testid="breadcrumbs">
          <Breadcrumbs
            items={items}
            breadcrumbRenderer={({ text, href, icon, current }) =>
              href && !current ? (
                <Link className="bp6-breadcrumb" to={href}>
                  {icon === 'home' ? <Icon icon="home" size={12} className="ghg-crumb-icon" /> : null}
                  {text}
                </Link>
              ) : (
                <span className={current ? 'bp6-breadcrumb bp6-breadcrumb-current' : 'bp6-breadcrumb'}>{text}</span>
              )
            }
          />
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
