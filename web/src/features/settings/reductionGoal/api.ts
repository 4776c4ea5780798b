import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReductionGoalInput } from '@ghg/domain';
import { api } from '../../../core/api/client';
import { useInvalidate } from '../../../core/api/mutations';

/** Query-key prefix = the live topic, so a notice from another tab refreshes this screen. */
const TOPIC = 'settings/reductionGoal';

export interface ReductionGoal {
  /** null for a default of a year that has no stored goals yet. */
  id: string | null;
  scopeCategory: string;
  name: string;
  goalYear: number;
  goalEmission: number;
  targetYear: number;
  targetEmission: number;
  goalEmissionPercentage: number;
  version: number;
  isDefault: boolean;
}

/** One row of a save, as the command takes it. */
export type ReductionGoalSave = ReductionGoalInput;

export function useReductionGoals(companyId: string, goalYear: number) {
  return useQuery({
    queryKey: [TOPIC, companyId, goalYear],
    queryFn: async () => (await api.get<{ reductionGoals: ReductionGoal[] }>('/api/reduction-goal', { query: { goalYear } })).reductionGoals,
  });
}

export function useSaveReductionGoals() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (reductionGoals: ReductionGoalSave[]) =>
      (await api.post<{ reductionGoals: ReductionGoal[] }>('/api/reduction-goal', { reductionGoals })).reductionGoals,
    onSettled: invalidate,
  });
}

export function useDeleteReductionGoal() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (goal: ReductionGoal & { id: string }) =>
      (await api.delete<{ reductionGoal: ReductionGoal }>(`/api/reduction-goal/${encodeURIComponent(goal.id)}`, { expectedVersion: goal.version })).reductionGoal,
    onSettled: invalidate,
  });
}
