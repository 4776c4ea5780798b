import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { viewRoutes } from '@ghg/api';
import { call, type Answer, type CallArgs } from '../../../core/api/call';
import { useRouteAsOf } from '../../../core/workspace/asOf';

/** Query-key prefix = the live topic of the emissions ledger, so a line recorded anywhere refreshes every view. */
export const VIEWS_TOPIC = 'activity/lines';

export type Totals = Answer<typeof viewRoutes.totals>;
export type TotalsRow = Totals['rows'][number];
export type TotalsQuery = NonNullable<CallArgs<typeof viewRoutes.totals>['query']>;
export type Scope2Basis = Totals['basis'];
export type Consolidation = NonNullable<Totals['approach']>;

/** The ledger's totals as a view asks for them (GET /api/emission-totals), as of the page's `?asOf=` when it has one. */
export function useTotals(companyId: string, asked: TotalsQuery) {
  const asOf = useRouteAsOf();
  const query: TotalsQuery = asOf === null ? asked : { ...asked, asOf };
  return useQuery({
    queryKey: [VIEWS_TOPIC, companyId, 'totals', query],
    queryFn: ({ signal }) => call(viewRoutes.totals, { query, signal }),
    // Switching a filter keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
