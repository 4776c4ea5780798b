import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { api } from '../../../core/api/client';
import { useInvalidate } from '../../../core/api/mutations';

/** Query-key prefix = the live topic. */
const TOPIC = 'settings/intensity';

export interface Intensity {
  id: string;
  name: string;
  unit: string;
  version: number;
}

export const intensityCodes: Record<string, MessageId> = {
  intensity_exists: 'intensity.error.exists',
  intensity_in_use: 'intensity.error.inUse',
  intensity_not_found: 'intensity.error.notFound',
  invalid_name: 'intensity.error.invalidName',
  invalid_unit: 'intensity.error.invalidUnit',
};

export function useIntensities(companyId: string) {
  return useQuery({
    queryKey: [TOPIC, companyId],
    queryFn: async () => (await api.get<{ intensities: Intensity[] }>('/api/intensity')).intensities,
  });
}

export function useSaveIntensity() {
  // Values show the intensity's name and unit.
  const invalidate = useInvalidate(TOPIC, 'settings/managementIntensity');
  return useMutation({
    mutationFn: async (args: { id?: string; name: string; unit: string; expectedVersion?: number }) =>
      (await api.post<{ intensity: Intensity }>('/api/intensity', args)).intensity,
    onSuccess: invalidate,
  });
}

export function useDeleteIntensity() {
  // Values show the intensity's name and unit.
  const invalidate = useInvalidate(TOPIC, 'settings/managementIntensity');
  return useMutation({
    mutationFn: async (intensity: Intensity) =>
      (await api.delete<{ intensity: Intensity }>(`/api/intensity/${encodeURIComponent(intensity.id)}`, { expectedVersion: intensity.version })).intensity,
    onSettled: invalidate,
  });
}
