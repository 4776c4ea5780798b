import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { api } from '../../../core/api/client';
import { useInvalidate } from '../../../core/api/mutations';

/** Query-key prefix = the live topic. */
const TOPIC = 'settings/groupFlag';

export interface GroupFlag {
  id: string;
  name: string;
  sectionIds: string[];
  sections: { id: string; name: string; displayName: string }[];
  version: number;
}

export const groupFlagCodes: Record<string, MessageId> = {
  group_flag_exists: 'groupFlag.error.exists',
  group_flag_not_found: 'groupFlag.error.notFound',
  invalid_name: 'groupFlag.error.invalidName',
  unknown_section: 'groupFlag.error.unknownSection',
};

export function useGroupFlags(companyId: string) {
  return useQuery({
    queryKey: [TOPIC, companyId],
    queryFn: async () => (await api.get<{ groupFlags: GroupFlag[] }>('/api/group-flag')).groupFlags,
  });
}

export function useGroupFlag(companyId: string, id: string | null) {
  return useQuery({
    queryKey: [TOPIC, companyId, id],
    queryFn: async () => (await api.get<{ groupFlag: GroupFlag }>(`/api/group-flag/${encodeURIComponent(id ?? '')}`)).groupFlag,
    enabled: id !== null,
  });
}

export function useSaveGroupFlag() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (args: { id?: string; name: string; sectionIds: string[]; expectedVersion?: number }) =>
      (await api.post<{ groupFlag: Omit<GroupFlag, 'sections'> }>('/api/group-flag', args)).groupFlag,
    onSuccess: invalidate,
  });
}

export function useDeleteGroupFlag() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (flag: GroupFlag) =>
      (await api.delete<{ groupFlag: GroupFlag }>(`/api/group-flag/${encodeURIComponent(flag.id)}`, { expectedVersion: flag.version })).groupFlag,
    onSettled: invalidate,
  });
}
