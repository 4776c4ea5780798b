import { useQuery } from '@tanstack/react-query';
import { reductionGoalRoutes } from '@ghg/api';
import { call } from '../../../core/api/call';

/** Under the goals' live topic, so a goal saved elsewhere refreshes the progress shown. */
const TOPIC = 'settings/reductionGoal';

/** Every stored reduction goal of the company (no year's blank defaults), by goal year then category order. */
export function useStoredGoals(companyId: string) {
  return useQuery({
    queryKey: [TOPIC, companyId, 'stored'],
    queryFn: async () => (await call(reductionGoalRoutes.list)).reductionGoals.filter((g): g is typeof g & { id: string } => g.id !== null && !g.isDefault),
  });
}
