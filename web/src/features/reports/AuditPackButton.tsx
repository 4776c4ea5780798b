import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Tooltip } from '@blueprintjs/core';
import { useT } from '../../core/i18n/I18nProvider';
import { useErrorText } from '../../core/ui/ErrorCallout';
import { reportCodes } from './api';
import { downloadAuditPack } from './auditPackDownload';

/** "Download audit pack" of a filed report: the ZIP for an auditor (docs/audit-pack.md), with the bytes received shown as it comes. */
export function AuditPackButton({ reportId, disabled }: { reportId: string | null; disabled: boolean }) {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText(reportCodes);
  const [received, setReceived] = useState<number | null>(null);
  const [done, setDone] = useState<{ fileName: string; bytes: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const size = (bytes: number) => intl.formatNumber(bytes / 1024, { maximumFractionDigits: 1 }) + ' KB';

  const run = async () => {
    if (reportId === null) return;
    setDone(null);
    setError(null);
    setReceived(0);
    try {
      setDone(await downloadAuditPack(reportId, setReceived));
    } catch (e) {
      setError(e);
    } finally {
      setReceived(null);
    }
  };

  return (
    <>
      <Tooltip content={t('auditPack.hint')} placement="bottom">
        <Button icon="archive" loading={received !== null} disabled={disabled || reportId === null} onClick={() => void run()} data-testid="report-audit-pack">
          {t('auditPack.download')}
        </Button>
      </Tooltip>
      <span className="bp6-text-muted" role="status" data-testid="report-audit-pack-status">
        {received !== null ? t('auditPack.downloading', { size: size(received) }) : done ? t('auditPack.done', { file: done.fileName, size: size(done.bytes) }) : null}
      </span>
      {error !== null && (
        <span className="bp6-text-intent-danger" role="alert" data-testid="report-audit-pack-error">
          {t('auditPack.failed', { reason: errorText(error) })}
        </span>
      )}
    </>
  );
}
