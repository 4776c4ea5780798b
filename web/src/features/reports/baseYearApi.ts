import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { baseYearRoutes } from '@ghg/api';
import { call, type Answer, type CallArgs } from '../../core/api/call';
import { useInvalidate } from '../../core/api/mutations';
import { REPORTS_TOPIC, reportCodes } from './api';

export { reasonName } from './names';

export type BaseYear = Answer<typeof baseYearRoutes.get>;
export type BaseYearRecord = BaseYear['records'][number];
export type RestatementReason = CallArgs<typeof baseYearRoutes.restate>['body']['reason'];

/** The base-year refusals in words, besides the reports' own (a changed draft, a moment not reflected yet). */
export const baseYearCodes: Record<string, MessageId> = {
  ...reportCodes,
  base_year_not_set: 'reports.baseYear.error.notSet',
  restatement_not_later: 'reports.baseYear.error.notLater',
  restatement_unchanged: 'reports.baseYear.error.unchanged',
  note_required: 'reports.baseYear.error.noteRequired',
};

/** The selected company's base year: its records, the base year as it would be now, and the change. */
export function useBaseYear(companyId: string) {
  return useQuery({
    queryKey: [REPORTS_TOPIC, companyId, 'baseYear'],
    queryFn: ({ signal }) => call(baseYearRoutes.get, { signal }),
  });
}

export function useSetBaseYear() {
  const invalidate = useInvalidate(REPORTS_TOPIC);
  return useMutation({ mutationFn: async (body: CallArgs<typeof baseYearRoutes.set>['body']) => (await call(baseYearRoutes.set, { body })).record, onSettled: invalidate });
}

export function useRestateBaseYear() {
  const invalidate = useInvalidate(REPORTS_TOPIC);
  return useMutation({ mutationFn: async (body: CallArgs<typeof baseYearRoutes.restate>['body']) => (await call(baseYearRoutes.restate, { body })).record, onSettled: invalidate });
}
