import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { intensityRoutes } from '@ghg/api';
import { call, savedRecord, type Answer, type CallArgs } from '../../../core/api/call';
import { useInvalidate } from '../../../core/api/mutations';
import { asOfArgs } from '../../../core/api/queries';

/** Query-key prefix = the live topic. */
const TOPIC = 'settings/intensity';

export type Intensity = Answer<typeof intensityRoutes.list>['intensities'][number];

export const intensityCodes: Record<string, MessageId> = {
  intensity_exists: 'intensity.error.exists',
  intensity_in_use: 'intensity.error.inUse',
  intensity_not_found: 'intensity.error.notFound',
  invalid_name: 'intensity.error.invalidName',
  invalid_unit: 'intensity.error.invalidUnit',
};

/** The company's intensities, now or as they stood at `asOf` (a view's `?asOf=`). */
export function useIntensities(companyId: string, asOf: string | null = null) {
  return useQuery({
    queryKey: [TOPIC, companyId, asOf],
    queryFn: async () => (await call(intensityRoutes.list, asOfArgs(asOf))).intensities,
  });
}

export function useSaveIntensity() {
  // Values show the intensity's name and unit.
  const invalidate = useInvalidate(TOPIC, 'settings/managementIntensity');
  return useMutation({
    mutationFn: async (body: CallArgs<typeof intensityRoutes.save>['body']) => savedRecord((await call(intensityRoutes.save, { body })).intensity, intensityRoutes.save),
    onSuccess: invalidate,
  });
}

export function useDeleteIntensity() {
  // Values show the intensity's name and unit.
  const invalidate = useInvalidate(TOPIC, 'settings/managementIntensity');
  return useMutation({
    mutationFn: async (intensity: Intensity) =>
      (await call(intensityRoutes.remove, { params: { id: intensity.id }, body: { expectedVersion: intensity.version } })).intensity,
    onSettled: invalidate,
  });
}
