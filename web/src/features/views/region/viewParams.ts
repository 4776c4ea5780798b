import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { consolidationApproaches, DEFAULT_CONSOLIDATION_APPROACH } from '@ghg/events';
import { useGroupApproach } from '../../../core/consolidation/approach';
import type { EmissionUnit } from '../core/filters';
import type { Consolidation, Scope2Basis } from '../core/totals';

/**
 * The figures' switches of the region and group-flag pages (consolidation approach, Scope 2 basis,
 * unit) live in the URL beside the page's own parameters, so drilling down (region → company →
 * section, flag → details) keeps them, and a link shared shows the same figures. A switch at its
 * default is left out of the URL; the approach's default is the one the group chose.
 */
export interface FigureParams {
  approach: Consolidation;
  basis: Scope2Basis;
  unit: EmissionUnit;
}

/** The defaults when the group has chosen no approach. */
export const DEFAULT_FIGURES: FigureParams = { approach: DEFAULT_CONSOLIDATION_APPROACH, basis: 'location', unit: 't' };

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T => (value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback);

/** The switches as the URL sets them; a value missing or not one of the choices is the default (`defaults.approach`: the group's). */
export function readFigureParams(params: URLSearchParams, defaults: FigureParams = DEFAULT_FIGURES): FigureParams {
  return {
    approach: oneOf(params.get('approach'), consolidationApproaches, defaults.approach),
    basis: oneOf(params.get('basis'), ['location', 'market'] as const, defaults.basis),
    unit: oneOf(params.get('unit'), ['t', 'kg'] as const, defaults.unit),
  };
}

/** An app path with its query: `values` (empty ones left out), then the switches not at their default. */
export function viewHref(path: string, values: Record<string, string | undefined>, figures: FigureParams, defaults: FigureParams = DEFAULT_FIGURES): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') query.set(key, value);
  for (const key of ['approach', 'basis', 'unit'] as const) if (figures[key] !== defaults[key]) query.set(key, figures[key]);
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** The page's query parameters, its switches, a setter per switch (replacing the history entry) and links that carry the switches. */
export function useFigureParams() {
  const [params, setParams] = useSearchParams();
  const groupApproach = useGroupApproach();
  const defaults: FigureParams = { ...DEFAULT_FIGURES, approach: groupApproach };
  const figures = readFigureParams(params, defaults);
  const set = useCallback(
    <K extends keyof FigureParams>(key: K) =>
      (value: FigureParams[K]) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (value === (key === 'approach' ? groupApproach : DEFAULT_FIGURES[key])) next.delete(key);
            else next.set(key, value);
            return next;
          },
          { replace: true },
        ),
    [setParams, groupApproach],
  );
  const href = (path: string, values: Record<string, string | undefined> = {}) => viewHref(path, values, figures, defaults);
  return { params, figures, set, href };
}
