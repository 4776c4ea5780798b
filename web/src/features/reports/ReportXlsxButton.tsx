import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import { reportRoutes, type RouteContract } from '@ghg/api';
import type { CallArgs } from '../../core/api/call';
import { downloadFile } from '../../core/api/fileDownload';
import { useT } from '../../core/i18n/I18nProvider';
import { useErrorText } from '../../core/ui/ErrorCallout';
import { reportCodes } from './api';

/**
 * "Download Excel" of a report. Without `route`, the GHG Protocol inventory (`POST
 * /api/reports/xlsx`): a filed one as filed (`reportId`), or the draft of a year as of now or a
 * moment. With `route`, another report's workbook route (the 省エネ法 and SHK reports), its body typed
 * by that contract, its refusals named by `codes`, `fallbackName` the file's name when the answer
 * gives none.
 */
export function ReportXlsxButton<R extends RouteContract = typeof reportRoutes.xlsx>({
  route,
  body,
  codes = reportCodes,
  fallbackName = 'ghg-inventory.xlsx',
  disabled,
  testId = 'report-xlsx',
}: {
  route?: R;
  body: CallArgs<R>['body'];
  codes?: Record<string, MessageId>;
  fallbackName?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const t = useT();
  const errorText = useErrorText(codes);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile((route ?? reportRoutes.xlsx).url, body, fallbackName, () => () => {});
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon="th-derived" className="ghg-no-print" loading={busy} disabled={disabled} onClick={() => void run()} data-testid={testId}>
        {t('views.downloadXlsx')}
      </Button>
      {error !== null && (
        <span className="bp6-text-intent-danger ghg-no-print" role="alert" data-testid={`${testId}-error`}>
          {errorText(error)}
        </span>
      )}
    </>
  );
}
