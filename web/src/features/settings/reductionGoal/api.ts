import { useMutation, useQuery } from '@tanstack/react-query';
import { reductionGoalRoutes } from '@ghg/api';
import { call, type Answer, type CallArgs } from '../../../core/api/call';
import { useInvalidate } from '../../../core/api/mutations';

/** Query-key prefix = the live topic, so a notice from another tab refreshes this screen. */
const TOPIC = 'settings/reductionGoal';

/** A goal row; its id is null for a default of a year that has no stored goals yet. */
export type ReductionGoal = Answer<typeof reductionGoalRoutes.list>['reductionGoals'][number];

/** One row of a save, as the route takes it. */
export type ReductionGoalSave = CallArgs<typeof reductionGoalRoutes.save>['body']['reductionGoals'][number];

export function useReductionGoals(companyId: string, goalYear: number) {
  return useQuery({
    queryKey: [TOPIC, companyId, goalYear],
    queryFn: async () => (await call(reductionGoalRoutes.list, { query: { goalYear } })).reductionGoals,
  });
}

export function useSaveReductionGoals() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (reductionGoals: ReductionGoalSave[]) =>
      (await call(reductionGoalRoutes.save, { body: { reductionGoals } })).reductionGoals,
    onSettled: invalidate,
  });
}

export function useDeleteReductionGoal() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: async (goal: ReductionGoal & { id: string }) =>
      (await call(reductionGoalRoutes.remove, { params: { id: goal.id }, body: { expectedVersion: goal.version } })).reductionGoal,
    onSettled: invalidate,
  });
}
