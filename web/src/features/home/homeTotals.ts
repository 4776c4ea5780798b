import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { trendYears } from '../views/core/filters';
import { useTotals, type TotalsQuery } from '../views/core/totals';

/**
 * The home page's two totals queries, for the workspace's company, fiscal year and section: the
 * year by scope and category, and the last five years by scope. Scope 2 on the location basis, as
 * the views open. They are the views' queries (keyed under the ledger's live topic), so a line
 * recorded anywhere refreshes them; every caller shares the one cached answer.
 */
export function useHomeTotals() {
  const { companyId, fiscalYear, companySectionId } = useWorkspace();
  const base: TotalsQuery = { fromYear: fiscalYear, of: 'company', basis: 'location', approach: 'operational', groupBy: [], limit: 0, ...(companySectionId ? { sectionId: companySectionId } : {}) };
  const year = useTotals(companyId, { ...base, groupBy: ['scope', 'category'] });
  const trend = useTotals(companyId, { ...base, fromYear: trendYears(fiscalYear)[0]!, toYear: fiscalYear, groupBy: ['fiscalYear', 'scope'] });
  return { year, trend };
}
