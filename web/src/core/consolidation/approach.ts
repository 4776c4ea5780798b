import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CONSOLIDATION_APPROACH, type ConsolidationApproach } from '@ghg/events';
import { companiesQuery } from '../api/queries';

/** The approach the group chose (GET /api/companies, which the workspace loads too); operational until chosen. */
export function useGroupApproach(): ConsolidationApproach {
  return useQuery(companiesQuery).data?.consolidationApproach ?? DEFAULT_CONSOLIDATION_APPROACH;
}
