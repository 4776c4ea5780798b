import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { aggregateRoutes } from '@ghg/api';
import { call, type Answer } from '../../core/api/call';

/** Query-key prefix = the live topic of the emissions ledger, so a recorded line refreshes the totals. */
const TOPIC = 'activity/lines';

export type Aggregate = Answer<typeof aggregateRoutes.get>;
export type AggregateCategory = Aggregate['byCategory'][number];
export type Scope2Basis = Aggregate['basis'];

export function useAggregate(companyId: string, fiscalYear: number, sectionId: string | null, basis: Scope2Basis) {
  return useQuery({
    queryKey: [TOPIC, companyId, 'aggregate', fiscalYear, sectionId, basis],
    queryFn: ({ signal }) => call(aggregateRoutes.get, { query: { fiscalYear, basis, ...(sectionId ? { sectionId } : {}) }, signal }),
    // Switching the basis, year or section keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
