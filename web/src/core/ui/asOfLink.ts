import { matchPath } from 'react-router-dom';
import { AS_OF_PARAM } from '../workspace/asOf';
import type { RouteDef } from '../router/routeTable';

/**
 * A link's target kept at the moment the page shows (issue 16 §1, the auditor's trail): a link from
 * a page shown as of `asOf` to another page that can show the past (its route declares `asOf`)
 * carries the same `?asOf=`, so drilling from a total to its sections, categories and lines stays
 * at that moment; a link to any other page, or one that names its own moment, is left as it is.
 */
export function keepAsOf(to: string, asOf: string | null, routes: readonly Pick<RouteDef, 'path' | 'asOf'>[]): string {
  if (asOf === null || !to.startsWith('/')) return to;
  const hashAt = to.indexOf('#');
  const [beforeHash, hash] = hashAt < 0 ? [to, ''] : [to.slice(0, hashAt), to.slice(hashAt)];
  const queryAt = beforeHash.indexOf('?');
  const [pathname, search] = queryAt < 0 ? [beforeHash, ''] : [beforeHash.slice(0, queryAt), beforeHash.slice(queryAt + 1)];
  const target = routes.find((r) => r.asOf !== undefined && matchPath({ path: r.path, end: true }, pathname) !== null);
  if (!target) return to;
  const params = new URLSearchParams(search);
  if (params.has(AS_OF_PARAM)) return to;
  params.set(AS_OF_PARAM, asOf);
  return `${pathname}?${params.toString()}${hash}`;
}
