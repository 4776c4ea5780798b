import { Button } from '@blueprintjs/core';
import { useT } from '../../core/i18n/I18nProvider';
import { ReportXlsxButton } from './ReportXlsxButton';
import { regulatoryReports, type RegulatoryReport } from './regulatoryReports';

/**
 * The buttons of the 省エネ法 and SHK report pages: "Download Excel" of the position the screen
 * shows (so the file's figures are the screen's; while another moment loads, it waits) and "Print".
 * Neither is printed. Test ids `<report>-xlsx`, `<report>-print`.
 */
export function ReportPageActions({
  report,
  fiscalYear,
  shown,
}: {
  report: RegulatoryReport;
  fiscalYear: number;
  /** The report's answer on the screen (none yet: both wait); `isPlaceholderData`: an earlier answer shown while the asked one loads. */
  shown: { data?: { content: { position: string } }; isPlaceholderData: boolean };
}) {
  const t = useT();
  const { route, codes, fallbackName, print } = regulatoryReports[report];
  return (
    <>
      <ReportXlsxButton
        route={route}
        body={{ fiscalYear, ...(shown.data ? { asOf: shown.data.content.position } : {}) }}
        codes={codes}
        fallbackName={fallbackName}
        disabled={!shown.data || shown.isPlaceholderData}
        testId={`${report}-xlsx`}
      />
      <Button icon="print" className="ghg-no-print" onClick={() => window.print()} disabled={!shown.data} data-testid={`${report}-print`}>
        {t(print)}
      </Button>
    </>
  );
}
