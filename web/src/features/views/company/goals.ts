import { useQuery } from '@tanstack/react-query';
import { reductionGoalRoutes } from '@ghg/api';
import { call } from '../../../core/api/call';
import { asOfArgs } from '../../../core/api/queries';
import { useRouteAsOf } from '../../../core/workspace/asOf';

/** Under the goals' live topic, so a goal saved elsewhere refreshes the progress shown. */
const TOPIC = 'settings/reductionGoal';

/** Every stored reduction goal of the company (no year's blank defaults), by goal year then category order; as of the page's `?asOf=`. */
export function useStoredGoals(companyId: string) {
  const asOf = useRouteAsOf();
  return useQuery({
    queryKey: [TOPIC, companyId, 'stored', asOf],
    queryFn: async () => (await call(reductionGoalRoutes.list, asOfArgs(asOf))).reductionGoals.filter((g): g is typeof g & { id: string } => g.id !== null && !g.isDefault),
  });
}
