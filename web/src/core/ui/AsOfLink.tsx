import { forwardRef } from 'react';
import { Link as RouterLink, type LinkProps } from 'react-router-dom';
import { routeTable } from '../router/routeTable';
import { useRouteAsOf } from '../workspace/asOf';
import { keepAsOf } from './asOfLink';

/**
 * The views' and reports' link: react-router's, keeping the page's `?asOf=` when it leads to
 * another page that can show the past (asOfLink.ts), so an auditor's drill-down stays at the moment.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function AsOfLink({ to, ...props }, ref) {
  const asOf = useRouteAsOf();
  return <RouterLink ref={ref} to={typeof to === 'string' ? keepAsOf(to, asOf, routeTable) : to} {...props} />;
});
