import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { managementIntensityRoutes } from '@ghg/api';
import { call, savedRecord, type Answer, type CallArgs } from '../../../core/api/call';
import { useInvalidate } from '../../../core/api/mutations';
import { asOfArgs } from '../../../core/api/queries';

/** Query-key prefix = the live topic. */
const TOPIC = 'settings/managementIntensity';

export type ManagementIntensity = Answer<typeof managementIntensityRoutes.list>['managementIntensities'][number];

export const managementIntensityCodes: Record<string, MessageId> = {
  management_intensity_exists: 'intensity.management.error.exists',
  management_intensity_not_found: 'intensity.management.error.notFound',
  unknown_intensity: 'intensity.management.error.unknownIntensity',
  invalid_value: 'intensity.management.invalidValue',
};

/** The company's intensity values, now or as they stood at `asOf` (a view's `?asOf=`). */
export function useManagementIntensities(companyId: string, asOf: string | null = null) {
  return useQuery({
    queryKey: [TOPIC, companyId, asOf],
    queryFn: async () => (await call(managementIntensityRoutes.list, asOfArgs(asOf))).managementIntensities,
  });
}

export function useSaveManagementIntensity() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (body: CallArgs<typeof managementIntensityRoutes.save>['body']) =>
      savedRecord((await call(managementIntensityRoutes.save, { body })).managementIntensity, managementIntensityRoutes.save),
    onSuccess: invalidate,
  });
}

export function useDeleteManagementIntensity() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (row: ManagementIntensity) =>
      (await call(managementIntensityRoutes.remove, { params: { id: row.id }, body: { expectedVersion: row.version } })).managementIntensity,
    onSettled: invalidate,
  });
}
