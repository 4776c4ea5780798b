import { webFeatures } from '../../features/index';
import type { Access, FeatureRoute } from '../features/manifest';

/**
 * Every route of the product, as the features declare them
 * (web/src/features/index.ts): path pattern, title, where it belongs in the navigation, who may
 * open it, and its screen. A route without a screen shows the "coming soon" page with its title
 * and breadcrumbs.
 */
export interface RouteDef extends FeatureRoute {
  access: Access;
}

const routes: RouteDef[] = webFeatures.flatMap((feature) => feature.routes.map((route) => ({ ...route, access: route.access ?? 'auth' })));

export const routeTable: readonly RouteDef[] = routes;

const byPath = new Map(routes.map((r) => [r.path, r]));
export const routeByPath = (path: string) => byPath.get(path);

/** A concrete URL for a pattern: optional params dropped, required ones filled with an example. */
export function examplePath(pattern: string, example: Record<string, string> = {}): string {
  return (
    pattern
      .split('/')
      .filter((segment) => !(segment.startsWith(':') && segment.endsWith('?')))
      .map((segment) => (segment.startsWith(':') ? (example[segment.slice(1)] ?? 'demo-1') : segment))
      .join('/') || '/'
  );
}

/** A link to a pattern, or null when it needs a value we do not have (an id). */
export function linkablePath(pattern: string): string | null {
  const required = pattern.split('/').some((s) => s.startsWith(':') && !s.endsWith('?'));
  return required ? null : examplePath(pattern);
}

/** Parent of a route: the longest proper prefix of its pattern that is itself a route. */
export function parentOf(def: RouteDef): RouteDef | undefined {
  if (def.path === '/') return undefined;
  const segments = def.path.split('/');
  for (let n = segments.length - 1; n >= 1; n -= 1) {
    const prefix = segments.slice(0, n).join('/') || '/';
    if (prefix === '/') return def.access === 'auth' ? byPath.get('/') : undefined;
    const found = byPath.get(prefix);
    if (found) return found;
  }
  return undefined;
}

/** Home → … → the route itself, each crumb with the pattern it stands for. */
export function breadcrumbTrail(def: RouteDef): RouteDef[] {
  const trail: RouteDef[] = [];
  for (let d: RouteDef | undefined = def; d; d = parentOf(d)) trail.unshift(d);
  return trail;
}

/** Routes whose parent is `def` and that can be linked without an id. */
export function childrenOf(def: RouteDef): RouteDef[] {
  return routes.filter((r) => r !== def && parentOf(r) === def && r.access === 'auth');
}

/** Fills a parent pattern's params from the current URL's params. */
export function hrefFor(pattern: string, params: Record<string, string | undefined>): string | null {
  const parts: string[] = [];
  for (const segment of pattern.split('/')) {
    if (!segment.startsWith(':')) parts.push(segment);
    else {
      const name = segment.replace(/^:/, '').replace(/\?$/, '');
      const value = params[name];
      if (value) parts.push(encodeURIComponent(value));
      else if (!segment.endsWith('?')) return null;
    }
  }
  return parts.join('/') || '/';
}
