import { useMutation, useQuery } from '@tanstack/react-query';
import { companyRoutes } from '@ghg/api';
import { call } from '../../../core/api/call';
import { useInvalidate } from '../../../core/api/mutations';
import { queryKeys } from '../../../core/api/queryKeys';

export function useRegions() {
  return useQuery({
    queryKey: ['regions'],
    queryFn: async () => (await call(companyRoutes.regions)).regions,
    staleTime: Infinity,
  });
}

export function useChangeRegion() {
  const invalidate = useInvalidate(...queryKeys.companies);
  return useMutation({
    mutationFn: async (body: { companyId: string; region: string }) => (await call(companyRoutes.setRegion, { body })).company,
    onSuccess: invalidate,
  });
}
