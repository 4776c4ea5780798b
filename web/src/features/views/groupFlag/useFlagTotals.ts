import { useQuery } from '@tanstack/react-query';
import { companySectionsQuery } from '../../../core/api/queries';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useRouteAsOf } from '../../../core/workspace/asOf';
import { useGroupFlags } from '../../settings/groupFlag/api';
import { useTotals, type TotalsQuery } from '../core/totals';
import type { FigureParams } from '../region/viewParams';

export const FLAGS_PATH = '/emission/view/group-flag';
export const FLAG_DETAILS_PATH = '/emission/view/group-flag/details';
export const FLAG_TRANSITION_PATH = '/emission/view/group-flag/transition';

/**
 * What the group-flag pages read: the selected company's flags, its whole section tree (a flag
 * covers the sections below its registered ones; the whole tree, as a flag may name any section of
 * the company) and its figures (`of=company`: a flag belongs to one company, nothing is
 * consolidated) grouped by section and more, for the fiscal year or the years asked.
 */
export function useFlagTotals(figures: FigureParams, query: { groupBy: NonNullable<TotalsQuery['groupBy']>; fromYear?: number; toYear?: number }) {
  const { companyId, fiscalYear } = useWorkspace();
  const asOf = useRouteAsOf();
  const flags = useGroupFlags(companyId, asOf);
  const sections = useQuery(companySectionsQuery(companyId, asOf));
  const totals = useTotals(companyId, { fromYear: query.fromYear ?? fiscalYear, ...(query.toYear !== undefined ? { toYear: query.toYear } : {}), of: 'company', basis: figures.basis, groupBy: query.groupBy, limit: 0 });
  const all = [flags, sections, totals];
  const state = { isPending: all.some((q) => q.isPending), isError: all.some((q) => q.isError), error: all.find((q) => q.isError)?.error ?? null };
  return { flags: flags.data, sections: sections.data, totals: totals.data, state };
}
