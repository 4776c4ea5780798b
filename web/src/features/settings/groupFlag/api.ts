import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { groupFlagRoutes } from '@ghg/api';
import { call, savedRecord, type Answer, type CallArgs } from '../../../core/api/call';
import { useInvalidate } from '../../../core/api/mutations';
import { asOfArgs } from '../../../core/api/queries';

/** Query-key prefix = the live topic. */
const TOPIC = 'settings/groupFlag';

export type GroupFlag = Answer<typeof groupFlagRoutes.get>['groupFlag'];

export const groupFlagCodes: Record<string, MessageId> = {
  group_flag_exists: 'groupFlag.error.exists',
  group_flag_not_found: 'groupFlag.error.notFound',
  invalid_name: 'groupFlag.error.invalidName',
  unknown_section: 'groupFlag.error.unknownSection',
};

/** The company's flags, now or as they stood at `asOf` (a view's `?asOf=`). */
export function useGroupFlags(companyId: string, asOf: string | null = null) {
  return useQuery({
    queryKey: [TOPIC, companyId, 'list', asOf],
    queryFn: async () => (await call(groupFlagRoutes.list, asOfArgs(asOf))).groupFlags,
  });
}

export function useGroupFlag(companyId: string, id: string | null) {
  return useQuery({
    queryKey: [TOPIC, companyId, id],
    queryFn: async () => (await call(groupFlagRoutes.get, { params: { id: id ?? '' } })).groupFlag,
    enabled: id !== null,
  });
}

export function useSaveGroupFlag() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (body: CallArgs<typeof groupFlagRoutes.save>['body']) => savedRecord((await call(groupFlagRoutes.save, { body })).groupFlag, groupFlagRoutes.save),
    onSuccess: invalidate,
  });
}

export function useDeleteGroupFlag() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (flag: GroupFlag) =>
      (await call(groupFlagRoutes.remove, { params: { id: flag.id }, body: { expectedVersion: flag.version } })).groupFlag,
    onSettled: invalidate,
  });
}
