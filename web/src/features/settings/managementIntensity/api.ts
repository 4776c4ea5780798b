import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { api } from '../../../core/api/client';
import { useInvalidate } from '../../../core/api/mutations';

/** Query-key prefix = the live topic. */
const TOPIC = 'settings/managementIntensity';

export interface ManagementIntensity {
  id: string;
  intensityId: string;
  intensityName: string;
  unit: string;
  fiscalYear: number;
  value: number;
  version: number;
}

export const managementIntensityCodes: Record<string, MessageId> = {
  management_intensity_exists: 'intensity.management.error.exists',
  management_intensity_not_found: 'intensity.management.error.notFound',
  unknown_intensity: 'intensity.management.error.unknownIntensity',
  invalid_value: 'intensity.management.invalidValue',
};

export function useManagementIntensities(companyId: string) {
  return useQuery({
    queryKey: [TOPIC, companyId],
    queryFn: async () => (await api.get<{ managementIntensities: ManagementIntensity[] }>('/api/management-intensity')).managementIntensities,
  });
}

export function useSaveManagementIntensity() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (args: { id?: string; intensityId: string; fiscalYear: number; value: number; expectedVersion?: number }) =>
      (await api.post<{ managementIntensity: Omit<ManagementIntensity, 'intensityName' | 'unit'> }>('/api/management-intensity', args)).managementIntensity,
    onSuccess: invalidate,
  });
}

export function useDeleteManagementIntensity() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (row: ManagementIntensity) =>
      (await api.delete<{ managementIntensity: ManagementIntensity }>(`/api/management-intensity/${encodeURIComponent(row.id)}`, { expectedVersion: row.version })).managementIntensity,
    onSettled: invalidate,
  });
}
