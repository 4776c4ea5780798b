import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { asOfMomentRoutes, DEFAULT_AS_OF_MOMENTS, isAsOf } from '@ghg/api';
import { call, type Answer } from '../api/call';
import { useCurrentRoute } from '../ui/PageHeader';
import { useWorkspace } from './WorkspaceProvider';

/**
 * "As of a moment" (issue 16): the views and the reports show the figures as the product would
 * have shown them then when the address carries `?asOf=` (a log position, or an ISO date-time),
 * so an auditor can share exactly what they looked at.
 */
export const AS_OF_PARAM = 'asOf';

/** The page's `asOf` (null: now; an unreadable value counts as now) and a setter that keeps the other parameters. */
export function useAsOf(): { asOf: string | null; setAsOf: (value: string | null) => void } {
  const [params, setParams] = useSearchParams();
  const raw = params.get(AS_OF_PARAM);
  const asOf = raw !== null && isAsOf(raw) ? raw : null;
  // From the address as it is when called (a slider commits after a pause, other parameters may have changed meanwhile).
  const setAsOf = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(AS_OF_PARAM, value);
        else next.delete(AS_OF_PARAM);
        return next;
      },
      { replace: true },
    );
  return { asOf, setAsOf };
}

/** Whether an `asOf` names a log position rather than a date-time. */
export const isPosition = (asOf: string) => /^\d+$/.test(asOf);

/**
 * The `asOf` a date-time input's value (local time, "2026-04-01T09:30") stands for: the same
 * moment as ISO 8601 in UTC, which the API takes; null for an empty or unreadable value.
 */
export function asOfFromLocal(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The date-time input's value (local time, to the minute) of an `asOf` that is a date-time; '' for a position or nothing. */
export function localFromAsOf(asOf: string | null): string {
  if (!asOf || isPosition(asOf)) return '';
  const date = new Date(asOf);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The `asOf` the current page's figures stand at: the address's, on a page that can show the past (its route's `asOf`), else null. */
export function useRouteAsOf(): string | null {
  const route = useCurrentRoute();
  const { asOf } = useAsOf();
  return route?.asOf ? asOf : null;
}

export type AsOfMoments = Answer<typeof asOfMomentRoutes.moments>;
export type AsOfMoment = AsOfMoments['moments'][number];

/**
 * The moments the selected company's figures changed (GET /api/as-of/moments), the stops of the
 * time slider. Keyed under the ledger's live topic, so a line recorded anywhere adds its moment.
 */
export function useAsOfMoments() {
  const { companyId } = useWorkspace();
  return useQuery({
    queryKey: ['activity/lines', companyId, 'asOfMoments'],
    queryFn: ({ signal }) => call(asOfMomentRoutes.moments, { query: { limit: DEFAULT_AS_OF_MOMENTS }, signal }),
  });
}
