import type { ReactNode } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useT } from '../../core/i18n/I18nProvider';
import { ErrorCallout } from '../../core/ui/ErrorCallout';
import { PageHeader } from '../../core/ui/PageHeader';
import { useRouteAsOf } from '../../core/workspace/asOf';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { FileReportLink } from './FileReportLink';
import { ReportPageActions } from './ReportPageActions';
import { regulatoryReports, type RegulatoryReport } from './regulatoryReports';
import './reports.css';

/**
 * The frame of a regulatory report page (regulatoryReports.ts): its header with the workbook and
 * print buttons, the "file this report" link of the moment shown, its intro, and the report's
 * answer (a spinner while it loads, its refusal by name) laid out by `children`.
 */
export function RegulatoryReportFrame<T extends { content: { position: string } }>({
  report,
  shown,
  children,
}: {
  report: RegulatoryReport;
  shown: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  const { company, fiscalYear } = useWorkspace();
  const asOf = useRouteAsOf();
  const { regime, subtitle, intro, codes } = regulatoryReports[report];
  return (
    <div className="ghg-report-page">
      <PageHeader subtitle={t(subtitle, { company: company?.name ?? '', year: String(fiscalYear) })} actions={<ReportPageActions report={report} fiscalYear={fiscalYear} shown={shown} />} />
      <FileReportLink regime={regime} asOf={asOf} />
      <p className="bp6-text-muted">{t(intro)}</p>
      {shown.isPending ? (
        <div className="ghg-center-pad">
          <Spinner size={24} />
        </div>
      ) : shown.isError ? (
        <ErrorCallout error={shown.error} codes={codes} />
      ) : (
        children(shown.data)
      )}
    </div>
  );
}
