import { Fragment, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { LIMITS } from '@ghg/events';
import { useT } from '../../core/i18n/I18nProvider';
import { ErrorCallout } from '../../core/ui/ErrorCallout';
import { useDialogForm } from '../../core/ui/useDialogForm';
import { reportCodes, useFileReport, type FiledReport, type ReportDraft } from './api';
import { shortHash } from './figures';
import { figureName, regimeName } from './names';
import { useKgFormat } from './useKgFormat';
import type { EmissionUnit } from '../views/core/filters';

interface Props {
  isOpen: boolean;
  /** The draft on screen, of any regime: what is filed is exactly it (its regime, position and hash), or nothing. */
  draft: ReportDraft;
  /** The unit kg CO2e figures are shown in (the page's). */
  unit?: EmissionUnit;
  onClose: () => void;
  onFiled: (report: FiledReport) => void;
}

/**
 * Files the draft shown under its regime, with an optional note, after showing the headline figures
 * the filing records. The server files it only if the regime's report rendered at the draft's
 * position still hashes to the draft's SHA-256; otherwise it refuses (report_changed) and the new
 * draft is loaded to be reviewed.
 */
export function FileReportDialog({ isOpen, draft, unit = 't', onClose, onFiled }: Props) {
  const t = useT();
  const intl = useIntl();
  const file = useFileReport();
  // A fresh form (and no last refusal) each time it opens.
  const { form, set } = useDialogForm(isOpen, { note: '' }, [file]);
  const note = form.note;
  const { content, sha256, headline } = draft;
  const { figure, figureSymbol } = useKgFormat(unit);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const report = await file.mutateAsync({ fiscalYear: content.fiscalYear, regime: content.regime, position: content.position, sha256, ...(note.trim() ? { note: note.trim() } : {}) });
      onFiled(report);
    } catch {
      // The refusal shows above the form (file.error).
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('reports.file.title')} icon="saved" canOutsideClickClose={!file.isPending}>
      <form onSubmit={submit} noValidate data-testid="report-file-dialog">
        <DialogBody>
          <ErrorCallout error={file.error} codes={reportCodes} />
          <p>
            {t('reports.file.confirm', {
              regime: t(regimeName[content.regime]),
              year: String(content.fiscalYear),
              lines: intl.formatNumber(headline.lines),
              position: content.position,
              sha256: shortHash(sha256),
            })}
          </p>
          <dl className="ghg-report-facts" data-testid="report-file-figures">
            {headline.figures.map((f) => (
              <Fragment key={f.figure}>
                <dt>{t(figureName[f.figure])}</dt>
                <dd data-figure={f.figure} data-value={f.value}>
                  {figure(f.value, f.unit)} {figureSymbol(f.unit)}
                </dd>
              </Fragment>
            ))}
          </dl>
          <FormGroup label={t('reports.file.note')} labelFor="report-note" labelInfo={t('reports.file.optional')} helperText={t('reports.file.noteHint')}>
            <TextArea
              id="report-note"
              fill
              rows={4}
              maxLength={LIMITS.longTextLength}
              value={note}
              onChange={(e) => set('note', e.currentTarget.value)}
              data-testid="report-note"
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose} disabled={file.isPending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" intent={Intent.PRIMARY} icon="saved" loading={file.isPending} data-testid="report-file-confirm">
                {t('reports.file.submit')}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
