import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../core/api/client';
import { useInvalidate } from '../../../core/api/mutations';
import { queryKeys } from '../../../core/api/queryKeys';

export function useRegions() {
  return useQuery({
    queryKey: ['regions'],
    queryFn: async () => (await api.get<{ regions: string[] }>('/api/regions')).regions,
    staleTime: Infinity,
  });
}

export function useChangeRegion() {
  const invalidate = useInvalidate(...queryKeys.companies);
  return useMutation({
    mutationFn: async (args: { companyId: string; region: string }) =>
      (await api.put<{ company: { id: string; region: string } }>('/api/company/region', args)).company,
    onSuccess: invalidate,
  });
}
