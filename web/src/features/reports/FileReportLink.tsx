import { useNavigate } from 'react-router-dom';
import { Button, Intent, Tooltip } from '@blueprintjs/core';
import type { ReportRegime } from '@ghg/events';
import { useCan } from '../../core/auth/permissions';
import { useT } from '../../core/i18n/I18nProvider';
import { FILE_PARAM, REGIME_PARAM } from './filingParams';

/**
 * "File this report" on a report's own screen (the SHK and 省エネ法 pages): to those who may file
 * (`company.configure`, as on the list), it opens the list of reports with the regime's draft of
 * now and its filing dialog, where the headline figures, position and hash are reviewed and filed.
 * Only the report of now is filed: on a past moment (`asOf`) it says so.
 */
export function FileReportLink({ regime, asOf, testId = 'report-file-link' }: { regime: ReportRegime; asOf: string | null; testId?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const canFile = useCan('company.configure');
  if (!canFile) return null;
  const blocked = asOf !== null ? t('reports.file.onlyNow') : null;
  return (
    <div className="ghg-toolbar-start ghg-no-print">
      <Tooltip content={blocked ?? ''} disabled={blocked === null}>
        <Button
          icon="saved"
          intent={Intent.PRIMARY}
          disabled={blocked !== null}
          onClick={() => navigate(`/emission/report?${REGIME_PARAM}=${regime}&${FILE_PARAM}=1`)}
          data-testid={testId}
        >
          {t('reports.file.button')}
        </Button>
      </Tooltip>
    </div>
  );
}
