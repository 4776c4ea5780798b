import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { reportRoutes } from '@ghg/api';
import type { CallArgs } from '../../core/api/call';
import { downloadFile } from '../../core/api/fileDownload';
import { useT } from '../../core/i18n/I18nProvider';
import { useErrorText } from '../../core/ui/ErrorCallout';
import { reportCodes } from './api';

/** "Download Excel" of a report: a filed one as filed (`reportId`), or the draft of a year as of now or a moment. */
export function ReportXlsxButton({ body, disabled, testId = 'report-xlsx' }: { body: CallArgs<typeof reportRoutes.xlsx>['body']; disabled?: boolean; testId?: string }) {
  const t = useT();
  const errorText = useErrorText(reportCodes);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(reportRoutes.xlsx.url, body, 'ghg-inventory.xlsx', () => () => {});
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon="th-derived" loading={busy} disabled={disabled} onClick={() => void run()} data-testid={testId}>
        {t('views.downloadXlsx')}
      </Button>
      {error !== null && (
        <span className="bp6-text-intent-danger" role="alert" data-testid={`${testId}-error`}>
          {errorText(error)}
        </span>
      )}
    </>
  );
}
