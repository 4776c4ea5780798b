import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { Callout, Dialog, DialogBody, FileInput, FormGroup, HTMLTable, Intent, ProgressBar, Radio, RadioGroup } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { DialogActions } from '../../../core/ui/DialogActions';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { showToast } from '../../../core/ui/toaster';
import { useResetOnChange } from '../../../core/ui/useResetOnChange';
import { factorSetCodes, uploadCodes, useUploadFactors, type CompanyFactorSet } from './api';
import { readAsBase64, rowErrors } from './uploadErrors';

interface Props {
  set: CompanyFactorSet | null;
  onClose: () => void;
}

/**
 * Uploads a factor table (CSV in UTF-8 or Shift_JIS, or .xlsx) as the set's next version. All or
 * nothing: a refused file lists every bad row with its number and column, and nothing is saved.
 */
/** The file input's attributes, in a variable: written inline, the prop type's excess-property check refuses the data- attribute. */
const FILE_INPUT_PROPS = { id: 'factor-file', accept: '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'data-testid': 'factor-file' };

export function UploadDialog({ set, onClose }: Props) {
  const t = useT();
  const upload = useUploadFactors();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [progress, setProgress] = useState<number | null>(null);

  useResetOnChange([set], () => {
    setFile(null);
    setMode('merge');
    setProgress(null);
  });
  const resetUpload = useEffectEvent(() => upload.reset());
  useEffect(() => {
    resetUpload();
  }, [set]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!set || !file) return;
    try {
      setProgress(0);
      const contentBase64 = await readAsBase64(file, (fraction) => setProgress(fraction * 0.5));
      setProgress(null); // sending: the server answers once, so the bar turns indeterminate
      const result = await upload.mutateAsync({ setId: set.setId, fileName: file.name, contentBase64, mode, expectedVersion: set.version });
      showToast({
        message: result.changed ? t('factorLibrary.upload.done', { rows: result.rows, version: result.companyFactorSet?.version ?? set.version }) : t('factorLibrary.upload.unchanged'),
        intent: Intent.SUCCESS,
        icon: 'upload',
      });
      onClose();
    } catch {
      setProgress(null);
    }
  };

  const errors = rowErrors(upload.error);
  const busy = upload.isPending || progress !== null;
  return (
    <Dialog isOpen={set !== null} onClose={onClose} title={t('factorLibrary.upload.title', { set: set?.setId ?? '' })} icon="upload" style={{ width: 640 }}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <p className="bp6-text-muted">{t('factorLibrary.upload.hint')}</p>
          <FormGroup label={t('factorLibrary.upload.file')} labelFor="factor-file">
            <FileInput
              fill
              text={file?.name ?? t('factorLibrary.upload.choose')}
              buttonText={t('factorLibrary.upload.browse')}
              inputProps={FILE_INPUT_PROPS}
              onInputChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
                upload.reset();
              }}
            />
          </FormGroup>
          <RadioGroup label={t('factorLibrary.upload.mode')} selectedValue={mode} onChange={(e) => setMode(e.currentTarget.value as 'merge' | 'replace')} inline>
            <Radio value="merge" label={t('factorLibrary.upload.merge')} />
            <Radio value="replace" label={t('factorLibrary.upload.replace')} data-testid="factor-mode-replace" />
          </RadioGroup>
          {busy && <ProgressBar intent={Intent.PRIMARY} value={progress ?? undefined} className="ghg-progress-gap" />}
          {upload.error !== null && <ErrorCallout error={upload.error} codes={factorSetCodes} />}
          {errors.length > 0 && (
            <Callout intent={Intent.DANGER} icon="th-disconnect" title={t('factorLibrary.upload.rowErrors', { count: errors.length })} data-testid="upload-errors">
              <div className="ghg-scroll-box">
                <HTMLTable compact className="ghg-table">
                  <thead>
                    <tr>
                      <th className="ghg-num">{t('factorLibrary.upload.row')}</th>
                      <th>{t('factorLibrary.upload.column')}</th>
                      <th>{t('factorLibrary.upload.problem')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {errors.map((e, i) => (
                      <tr key={i} data-testid="upload-error-row">
                        <td className="ghg-num">{e.row}</td>
                        <td>{e.field ?? '—'}</td>
                        <td>{uploadCodes[e.code] ? t(uploadCodes[e.code]!) : e.code}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            </Callout>
          )}
        </DialogBody>
        <DialogActions onCancel={onClose} pending={busy} saveTestId="factor-upload-send" saveDisabled={!file} />
      </form>
    </Dialog>
  );
}
