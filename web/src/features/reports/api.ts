import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import type { ReportRegime } from '@ghg/events';
import { reportRoutes } from '@ghg/api';
import { call, type Answer, type CallArgs } from '../../core/api/call';
import { useInvalidate } from '../../core/api/mutations';

/** Query-key prefix = the live topic a filing is announced under. */
export const REPORTS_TOPIC = 'reports';

export type FiledReport = Answer<typeof reportRoutes.list>['reports'][number];
export type ReportDraft = Answer<typeof reportRoutes.draft>;
export type ReportDetail = Answer<typeof reportRoutes.detail>;
export type HeadlineFigure = FiledReport['figures'][number];
export type FileReportBody = CallArgs<typeof reportRoutes.file>['body'];

/** The refusals of the report calls, in words (the shared codes are translated by core/ui/errorMessage.ts). */
export const reportCodes: Record<string, MessageId> = {
  report_empty: 'reports.error.empty',
  report_changed: 'reports.error.changed',
  as_of_ahead: 'reports.error.asOfAhead',
  report_not_found: 'reports.error.notFound',
};

/** The selected company's filed reports of a fiscal year, newest first. */
export function useFiledReports(companyId: string, fiscalYear: number) {
  return useQuery({
    queryKey: [REPORTS_TOPIC, companyId, 'list', fiscalYear],
    queryFn: async ({ signal }) => (await call(reportRoutes.list, { query: { fiscalYear }, signal })).reports,
  });
}

/** The report of a regime for a fiscal year as of now, or as of `asOf` (a commit position or an ISO date-time with its offset). */
export function useReportDraft(companyId: string, fiscalYear: number, regime: ReportRegime, asOf: string | null) {
  return useQuery({
    queryKey: [REPORTS_TOPIC, companyId, 'draft', regime, fiscalYear, asOf],
    queryFn: ({ signal }) => call(reportRoutes.draft, { query: { fiscalYear, regime, ...(asOf ? { asOf } : {}) }, signal }),
    // Another moment keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** One filed report: as filed (re-rendered, its hash checked), as now, and what changed in between. */
export function useReportDetail(companyId: string, id: string | null) {
  return useQuery({
    queryKey: [REPORTS_TOPIC, companyId, 'detail', id],
    queryFn: ({ signal }) => call(reportRoutes.detail, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** Files the draft shown (its position and hash); the list and the draft refetch either way. */
export function useFileReport() {
  const invalidate = useInvalidate(REPORTS_TOPIC);
  return useMutation({
    mutationFn: async (body: FileReportBody) => (await call(reportRoutes.file, { body })).report,
    onSettled: invalidate,
  });
}
