import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, HTMLSelect, Icon, Intent, ProgressBar } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { importSourceTypes, type ImportSourceTypeName } from '@ghg/events';
import { ApiError } from '../../core/api/client';
import { useInvalidate } from '../../core/api/mutations';
import { useT } from '../../core/i18n/I18nProvider';
import { useResetOnChange } from '../../core/ui/useResetOnChange';
import { showToast } from '../../core/ui/toaster';
import { confirmUpload, HISTORY, LINES, progressOf, type ImportOutcome } from './api';
import { ImportOutcomeView, RefusalCallout } from './ImportOutcomeView';
import { sourceTypeName } from './names';
import { canImport, sizeText } from './outcome';
import { RuleDialog, type RuleDialogMode } from './RuleDialog';
import { newUploadId, uploadImportFile } from './upload';

/** Where the flow is: a file being chosen, sent (bytes), read and checked (rows), checked, imported, or refused whole. */
type Step =
  | { kind: 'choose' }
  | { kind: 'sending'; uploadId: string; sent: number; total: number | null }
  | { kind: 'checking'; uploadId: string }
  | { kind: 'checked'; outcome: ImportOutcome }
  | { kind: 'importing'; uploadId: string; outcome: ImportOutcome }
  | { kind: 'done'; outcome: ImportOutcome }
  | { kind: 'refused'; error: unknown; fileName: string };

/** The file input's attributes, in a variable: written inline, the prop type's excess-property check refuses the data- attribute. */
const FILE_INPUT_PROPS = { id: 'import-file', accept: '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'data-testid': 'import-file' };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

interface Props {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * Importing a file of linked data: choose its source system, drop or pick the file, and it is sent
 * (a bar with its bytes), read and checked (rows counted) and previewed — nothing is written yet.
 * A clean preview is imported with one click; a file with bad rows or records no rule classifies
 * lists them, and a rule made from an unmatched group is applied by checking the file again.
 */
export function ImportDialog({ isOpen, onClose }: Props) {
  const t = useT();
  const intl = useIntl();
  const invalidate = useInvalidate(HISTORY, LINES);
  const [sourceType, setSourceType] = useState<ImportSourceTypeName>('standard');
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [over, setOver] = useState(false);
  const [ruleMode, setRuleMode] = useState<RuleDialogMode | null>(null);
  const [rulesChanged, setRulesChanged] = useState(false);
  const [rowsRead, setRowsRead] = useState<{ uploadId: string; rows: number } | null>(null);
  const running = useRef<AbortController | null>(null);
  const busy = step.kind === 'sending' || step.kind === 'checking' || step.kind === 'importing';

  useResetOnChange([isOpen], () => {
    if (!isOpen) return;
    setFile(null);
    setStep({ kind: 'choose' });
    setRuleMode(null);
    setRulesChanged(false);
    setRowsRead(null);
  });

  // While the server reads (or writes) the rows, ask how far it is.
  const polled = step.kind === 'checking' || step.kind === 'importing' ? step.uploadId : null;
  useEffect(() => {
    if (!polled) return;
    let stopped = false;
    const timer = setInterval(() => {
      void progressOf(polled).then((p) => {
        if (!stopped && p) setRowsRead({ uploadId: polled, rows: p.rows });
      });
    }, 500);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [polled]);

  const close = () => {
    running.current?.abort();
    running.current = null;
    onClose();
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setStep({ kind: 'choose' });
    setRulesChanged(false);
  };

  /** Sends the file for a preview (nothing is written). */
  const check = async () => {
    if (!file) return;
    const uploadId = newUploadId();
    const controller = new AbortController();
    running.current = controller;
    setRulesChanged(false);
    setStep({ kind: 'sending', uploadId, sent: 0, total: file.size });
    try {
      const outcome = await uploadImportFile({
        file,
        fileName: file.name,
        sourceType,
        dryRun: true,
        uploadId,
        signal: controller.signal,
        onBytes: (sent, total) => setStep((s) => (s.kind === 'sending' && s.uploadId === uploadId ? { ...s, sent, total: total ?? s.total } : s)),
        onSent: () => setStep((s) => (s.kind === 'sending' && s.uploadId === uploadId ? { kind: 'checking', uploadId } : s)),
      });
      setStep({ kind: 'checked', outcome });
    } catch (error) {
      if (!isAbort(error)) setStep({ kind: 'refused', error, fileName: file.name });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  /** Checks again after rules were made: the kept upload when there is one, else the file sent anew (a refused file is not kept). */
  const checkAgain = async () => {
    const kept = step.kind === 'checked' ? step.outcome.uploadId : null;
    if (!kept) return check();
    setRulesChanged(false);
    setStep({ kind: 'checking', uploadId: kept });
    try {
      setStep({ kind: 'checked', outcome: await confirmUpload(kept, true) });
    } catch (error) {
      // The kept upload expired (or the server restarted): send the file again.
      if (error instanceof ApiError && error.code === 'upload_not_found') await check();
      else setStep({ kind: 'refused', error, fileName: file?.name ?? '' });
    }
  };

  const importNow = async () => {
    if (step.kind !== 'checked' || !canImport(step.outcome) || !step.outcome.uploadId) return;
    const { outcome: checked } = step;
    const uploadId = checked.uploadId!;
    setStep({ kind: 'importing', uploadId, outcome: checked });
    try {
      const outcome = await confirmUpload(uploadId, false);
      if (outcome.status === 'success') {
        setStep({ kind: 'done', outcome });
        invalidate();
        showToast({ message: t('import.done.toast', { file: outcome.fileName, created: outcome.created, updated: outcome.updated }), intent: Intent.SUCCESS, icon: 'import' });
      } else setStep({ kind: 'checked', outcome });
    } catch (error) {
      setStep({ kind: 'refused', error, fileName: checked.fileName });
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !busy) choose(dropped);
  };

  const number = (n: number, digits: number) => intl.formatNumber(n, { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const rows = rowsRead && polled === rowsRead.uploadId ? rowsRead.rows : null;
  const outcome = step.kind === 'checked' || step.kind === 'importing' || step.kind === 'done' ? step.outcome : null;

  return (
    <Dialog isOpen={isOpen} onClose={close} canOutsideClickClose={!busy} title={t('import.title')} icon="import" style={{ width: 980, maxWidth: '96vw' }}>
      <DialogBody>
        <div data-testid="import-dialog" data-step={step.kind}>
          {step.kind !== 'done' && (
            <>
              <FormGroup label={t('import.sourceType')} labelFor="import-source-type" helperText={t('import.sourceTypeHint')}>
                <HTMLSelect
                  id="import-source-type"
                  fill
                  value={sourceType}
                  disabled={busy}
                  onChange={(e) => {
                    setSourceType(e.currentTarget.value as ImportSourceTypeName);
                    if (step.kind !== 'choose') setStep({ kind: 'choose' });
                  }}
                  data-testid="import-source-type"
                >
                  {importSourceTypes.map((s) => (
                    <option key={s} value={s}>
                      {t(sourceTypeName[s])}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
              <div
                className={over ? 'ghg-drop-target' : undefined}
                style={{ border: '2px dashed rgba(143, 153, 168, 0.6)', borderRadius: 6, padding: 16, textAlign: 'center', marginBottom: 12 }}
                onDragOver={(e) => {
                  e.preventDefault();
                  if (!busy) setOver(true);
                }}
                onDragLeave={() => setOver(false)}
                onDrop={drop}
                data-testid="import-drop-zone"
              >
                <Icon icon="cloud-upload" size={28} className="ghg-muted" />
                <p className="ghg-muted">{t('import.dropHint')}</p>
                <FileInput
                  fill
                  disabled={busy}
                  text={file?.name ?? t('import.chooseFile')}
                  buttonText={t('import.browse')}
                  inputProps={FILE_INPUT_PROPS}
                  onInputChange={(e) => {
                    choose(e.currentTarget.files?.[0] ?? null);
                    // The same file chosen again (after fixing it) must fire a change.
                    e.currentTarget.value = '';
                  }}
                />
                {file && (
                  <div className="ghg-muted ghg-small ghg-top-gap" data-testid="import-file-size">
                    {t('import.fileSize', { size: sizeText(file.size, number) })}
                  </div>
                )}
              </div>
            </>
          )}

          {step.kind === 'sending' && (
            <div data-testid="import-progress" data-phase="sending">
              <div className="ghg-small">{t('import.progress.sending', { sent: sizeText(step.sent, number), total: sizeText(step.total ?? file?.size ?? 0, number) })}</div>
              <ProgressBar intent={Intent.PRIMARY} value={step.total ? step.sent / step.total : undefined} className="ghg-progress-gap" />
            </div>
          )}
          {(step.kind === 'checking' || step.kind === 'importing') && (
            <div data-testid="import-progress" data-phase={step.kind}>
              <div className="ghg-small">
                {t(step.kind === 'checking' ? 'import.progress.checking' : 'import.progress.importing')}
                {rows !== null && rows > 0 && ` ${t('import.progress.rows', { rows: intl.formatNumber(rows) })}`}
              </div>
              <ProgressBar intent={step.kind === 'importing' ? Intent.SUCCESS : Intent.PRIMARY} className="ghg-progress-gap" />
            </div>
          )}

          {step.kind === 'refused' && <RefusalCallout error={step.error} fileName={step.fileName} />}

          {step.kind === 'done' && (
            <Callout intent={Intent.SUCCESS} icon="tick-circle" title={t('import.done.title')} data-testid="import-success">
              <p>
                {t('import.done.summary', {
                  file: step.outcome.fileName,
                  created: step.outcome.created,
                  updated: step.outcome.updated,
                  unchanged: step.outcome.unchanged,
                  excluded: step.outcome.excluded,
                  kg: intl.formatNumber(step.outcome.totals.co2eKg, { maximumFractionDigits: 3 }),
                })}
              </p>
              <Link to="/emission/record/import-history" onClick={close} data-testid="import-to-history">
                {t('import.toHistory')}
              </Link>
            </Callout>
          )}

          {rulesChanged && step.kind === 'checked' && (
            <Callout intent={Intent.PRIMARY} icon="refresh" className="ghg-page-callout" data-testid="import-rules-changed">
              {t('import.rulesChanged')}
            </Callout>
          )}

          {outcome && <ImportOutcomeView outcome={outcome} onCreateRule={busy || step.kind === 'done' ? undefined : (prefill) => setRuleMode({ kind: 'add', prefill })} />}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={close} data-testid="import-close">
              {step.kind === 'done' ? t('import.close') : t('common.cancel')}
            </Button>
            {step.kind === 'done' ? (
              <Button icon="add" onClick={() => choose(null)} data-testid="import-another">
                {t('import.another')}
              </Button>
            ) : step.kind === 'checked' ? (
              <>
                <Button icon="refresh" onClick={() => void checkAgain()} data-testid="import-check-again">
                  {t('import.checkAgain')}
                </Button>
                <Button intent={Intent.PRIMARY} icon="import" disabled={!canImport(step.outcome)} onClick={() => void importNow()} data-testid="import-confirm">
                  {t('import.confirm')}
                </Button>
              </>
            ) : (
              <Button intent={Intent.PRIMARY} icon="search-template" disabled={!file || busy} loading={busy} onClick={() => void check()} data-testid="import-check">
                {t('import.check')}
              </Button>
            )}
          </>
        }
      />
      <RuleDialog
        mode={ruleMode}
        onClose={() => setRuleMode(null)}
        onSaved={(rule) => {
          setRuleMode(null);
          setRulesChanged(true);
          showToast({ message: t('import.rule.saved', { name: rule.name }), intent: Intent.SUCCESS, icon: 'tick' });
        }}
      />
    </Dialog>
  );
}
