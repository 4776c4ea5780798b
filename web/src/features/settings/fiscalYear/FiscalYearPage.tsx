import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, FormGroup, HTMLSelect, Intent, Tag } from '@blueprintjs/core';
import { useCan } from '../../../core/auth/permissions';
import { useT } from '../../../core/i18n/I18nProvider';
import { defaultFiscalYear, fiscalYearRange } from '../../../core/fiscalYear/fiscalYear';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { PageHeader } from '../../../core/ui/PageHeader';
import { showToast } from '../../../core/ui/toaster';
import { useResetOnChange } from '../../../core/ui/useResetOnChange';
import { useSaveFiscalYear, validateStartMonth } from './api';

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** The month the company's fiscal year starts in; follows changes made elsewhere while untouched. */
export default function FiscalYearPage() {
  const t = useT();
  const intl = useIntl();
  const { companyId, company, fiscalYearSetting: setting, fiscalYear } = useWorkspace();
  const save = useSaveFiscalYear(companyId);
  const [month, setMonth] = useState<number | null>(null);
  const [error, setError] = useState<ReturnType<typeof validateStartMonth>>();
  const canWrite = useCan('company.configure');
  const saved = setting?.startMonth ?? null;
  const dirty = month !== null && month !== saved;
  const shown = month ?? saved ?? 4;

  // A change from another browser (live notice) shows here unless the user is editing.
  useResetOnChange([saved], () => {
    if (!dirty) setMonth(null);
  });

  const monthName = (m: number) => intl.formatDate(new Date(2000, m - 1, 1), { month: 'long' });
  const formatDay = (iso: string) => intl.formatDate(new Date(`${iso}T00:00:00`), { year: 'numeric', month: 'long', day: 'numeric' });
  const current = defaultFiscalYear(new Date(), shown);
  const range = fiscalYearRange(current, shown);
  const selectedRange = fiscalYearRange(fiscalYear, shown);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateStartMonth(shown);
    setError(found);
    if (found || !setting) return;
    try {
      await save.mutateAsync({
        fiscalYearId: setting.fiscalYearId,
        startMonth: shown,
        ...(setting.version >= 0 ? { expectedVersion: setting.version } : {}),
      });
      setMonth(null);
      showToast({ message: t('settings.fiscalYear.saved'), intent: Intent.SUCCESS, icon: 'tick' });
    } catch {
      /* shown by the callout */
    }
  };

  return (
    <>
      <PageHeader subtitle={company?.name} />
      <div className="ghg-two-column">
        <Card className="ghg-form-card">
          <h2 className="bp6-heading ghg-section-title">{t('settings.fiscalYear.startMonth')}</h2>
          <p className="bp6-text-muted">{t('settings.fiscalYear.intro')}</p>
          {!canWrite && (
            <Callout intent={Intent.PRIMARY} icon="lock" className="ghg-form-error">
              {t('settings.readOnly')}
            </Callout>
          )}
          <ErrorCallout error={save.error} />
          <form onSubmit={submit} noValidate data-testid="fiscal-year-form">
            <FormGroup
              label={t('settings.fiscalYear.startMonth')}
              labelFor="fy-start-month"
              intent={error ? Intent.DANGER : Intent.NONE}
              helperText={error ? t(error) : t('settings.fiscalYear.defaultHint')}
            >
              <HTMLSelect
                id="fy-start-month"
                value={shown}
                disabled={!canWrite || !setting}
                onChange={(e) => {
                  setMonth(Number(e.currentTarget.value));
                  save.reset();
                }}
                data-testid="fiscal-year-start-month"
                large
              >
                {MONTHS.map((m) => (
                  <option key={m} value={m}>
                    {monthName(m)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <div className="ghg-form-actions">
              <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" disabled={!canWrite || !dirty} loading={save.isPending} data-testid="fiscal-year-save">
                {t('common.save')}
              </Button>
              <Button disabled={!dirty || save.isPending} onClick={() => setMonth(null)}>
                {t('common.cancel')}
              </Button>
              {dirty && (
                <Tag intent={Intent.WARNING} minimal>
                  {t('common.unsaved')}
                </Tag>
              )}
            </div>
          </form>
        </Card>
        <Card className="ghg-summary-card" data-testid="fiscal-year-summary">
          <h2 className="bp6-heading ghg-section-title">{t('settings.fiscalYear.preview')}</h2>
          <dl className="ghg-dl">
            <dt>{t('settings.fiscalYear.savedStart')}</dt>
            <dd data-testid="fiscal-year-saved-month">{saved === null ? '—' : monthName(saved)}</dd>
            <dt>{t('settings.fiscalYear.current')}</dt>
            <dd>
              {t('fiscalYear.name', { year: String(current) })}
              <div className="bp6-text-muted">{t('common.dateRange', { start: formatDay(range.start), end: formatDay(range.end) })}</div>
            </dd>
            <dt>{t('settings.fiscalYear.selected')}</dt>
            <dd>
              {t('fiscalYear.name', { year: String(fiscalYear) })}
              <div className="bp6-text-muted">{t('common.dateRange', { start: formatDay(selectedRange.start), end: formatDay(selectedRange.end) })}</div>
            </dd>
          </dl>
          <p className="bp6-text-muted ghg-small">{t('settings.fiscalYear.rule')}</p>
        </Card>
      </div>
    </>
  );
}
