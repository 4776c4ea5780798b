import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, Intent, ProgressBar, TextArea } from '@blueprintjs/core';
import { activityLineRoutes } from '@ghg/api';
import type { MessageId } from '@ghg/locales';
import { call } from '../../core/api/call';
import { ApiError } from '../../core/api/client';
import { useInvalidate } from '../../core/api/mutations';
import { useUser } from '../../core/auth/SessionProvider';
import { fiscalYearRange } from '../../core/fiscalYear/fiscalYear';
import { useI18n, useT } from '../../core/i18n/I18nProvider';
import { useErrorText } from '../../core/ui/ErrorCallout';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { useFormulas, useScopeSettings } from '../settings/scopeSetting/api';
import { labelOf } from '../settings/scopeSetting/form';
import { lineCodes, type InputCategory } from './api';
import { SettingSelect, settingChoices } from './SettingSelect';
import { DEAL_KEYS, isoDateOf, numberOf, parsePasted } from './lineForm';

interface Failure {
  row: number;
  field: string;
  message: string;
}

const FIELD_NAMES: Record<string, MessageId> = {
  [DEAL_KEYS.occurrenceDate]: 'activityInput.occurrenceDate',
  [DEAL_KEYS.count]: 'activityInput.count',
  [DEAL_KEYS.amount]: 'activityInput.amount',
};

/** Rows pasted from a spreadsheet (`date<TAB>count<TAB>amount`) recorded one by one for one scope setting; each refused row is listed by number and field. */
export function PasteDialog({ category, isOpen, onClose }: { category: InputCategory; isOpen: boolean; onClose: () => void }) {
  const t = useT();
  const { locale } = useI18n();
  const user = useUser();
  const { companyId, fiscalYear, startMonth, sections } = useWorkspace();
  const settings = useScopeSettings(companyId);
  const formulas = useFormulas();
  const invalidate = useInvalidate('activity/lines');
  const errorText = useErrorText(lineCodes);
  const [settingId, setSettingId] = useState('');
  const [countUnit, setCountUnit] = useState('');
  const [text, setText] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [running, setRunning] = useState(false);
  const year = fiscalYearRange(fiscalYear, startMonth);
  const choices = settingChoices(settings.data ?? [], category, user.sectionId, sections);
  const chosen = settingId || (choices.length === 1 ? choices[0]!.id : '');
  const rows = parsePasted(text);
  const formulaName = (id: string) => {
    const f = formulas.data?.find((x) => x.id === id);
    return f ? labelOf(f.name, locale) : id;
  };
  const fieldName = (field: string) => (FIELD_NAMES[field] ? t(FIELD_NAMES[field]) : field);

  const close = () => {
    if (running) return;
    setText('');
    setProgress(null);
    setFailures([]);
    onClose();
  };

  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || rows.length === 0) return;
    setRunning(true);
    setFailures([]);
    const failed: Failure[] = [];
    setProgress({ done: 0, total: rows.length });
    for (const [i, r] of rows.entries()) {
      const occurrenceDate = isoDateOf(r.occurrenceDate);
      const count = numberOf(r.count);
      const amount = numberOf(r.amount);
      if (occurrenceDate < year.start || occurrenceDate > year.end || !/^\d{4}-\d{2}-\d{2}$/.test(occurrenceDate)) {
        failed.push({ row: r.row, field: DEAL_KEYS.occurrenceDate, message: t('activityInput.dateOutsideYear') });
      } else if ((count !== null && !Number.isFinite(count)) || (amount !== null && !Number.isFinite(amount))) {
        failed.push({ row: r.row, field: count !== null && !Number.isFinite(count) ? DEAL_KEYS.count : DEAL_KEYS.amount, message: t('activityInput.invalidNumber') });
      } else {
        try {
          await call(activityLineRoutes.record, {
            body: { deal: { occurrenceDate, count, countUnit: count !== null && countUnit.trim() ? countUnit.trim() : null, amount, currency: null }, scopeSetting: { id: chosen }, scopeSettingDetail: {} },
          });
        } catch (error) {
          failed.push({ row: r.row, field: error instanceof ApiError ? (error.fields[0] ?? '') : '', message: errorText(error) });
        }
      }
      setProgress({ done: i + 1, total: rows.length });
      setFailures([...failed]);
    }
    setRunning(false);
    invalidate();
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('activityInput.paste')} icon="clipboard" style={{ width: 640 }}>
      <form onSubmit={run} noValidate data-testid="paste-dialog">
        <DialogBody>
          {choices.length === 0 && settings.data ? (
            <Callout intent={Intent.WARNING} icon="layers">
              <p>{t('activityInput.noSettings')}</p>
              <Link to="/emission/setting/scope">{t('activityInput.toScopeSettings')}</Link>
            </Callout>
          ) : (
            <>
              <FormGroup label={t('activityInput.scopeSetting')} labelFor="paste-setting">
                <SettingSelect id="paste-setting" value={chosen} choices={choices} formulaName={formulaName} onChange={setSettingId} disabled={running} />
              </FormGroup>
              <FormGroup label={t('activityInput.countUnit')} labelFor="paste-unit" helperText={t('activityInput.pasteUnitHint')}>
                <InputGroup id="paste-unit" value={countUnit} disabled={running} onChange={(e) => setCountUnit(e.currentTarget.value)} data-testid="paste-unit" />
              </FormGroup>
              <FormGroup label={t('activityInput.pasteRows')} labelFor="paste-text" helperText={t('activityInput.pasteHint', { n: rows.length })}>
                <TextArea id="paste-text" fill rows={8} value={text} disabled={running} onChange={(e) => setText(e.currentTarget.value)} placeholder={'2025/4/1\t1000\t\n2025/5/1\t1200\t'} data-testid="paste-text" />
              </FormGroup>
            </>
          )}
          {progress && (
            <>
              <ProgressBar intent={failures.length > 0 ? Intent.WARNING : Intent.PRIMARY} value={progress.total === 0 ? 1 : progress.done / progress.total} stripes={running} className="ghg-progress-gap" />
              <div data-testid="paste-progress">{t('activityInput.pasteProgress', { done: progress.done, total: progress.total, failed: failures.length })}</div>
            </>
          )}
          {failures.length > 0 && (
            <div className="ghg-scroll-box ghg-top-gap">
              <HTMLTable compact className="ghg-table" data-testid="paste-failures">
                <thead>
                  <tr>
                    <th>{t('activityInput.pasteRow')}</th>
                    <th>{t('activityInput.pasteField')}</th>
                    <th>{t('activityInput.pasteProblem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {failures.map((f) => (
                    <tr key={f.row}>
                      <td>{f.row}</td>
                      <td>{fieldName(f.field)}</td>
                      <td>{f.message}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={close} disabled={running}>
                {t('activityInput.close')}
              </Button>
              <Button type="submit" intent={Intent.PRIMARY} icon="import" loading={running} disabled={!chosen || rows.length === 0} data-testid="paste-run">
                {t('activityInput.pasteRun', { n: rows.length })}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
