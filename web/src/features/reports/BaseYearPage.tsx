import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, FormGroup, HTMLSelect, HTMLTable, Intent, NumericInput, Spinner, TextArea } from '@blueprintjs/core';
import { baseYearFiguresOf } from '@ghg/domain';
import { LIMITS } from '@ghg/events';
import { useCan } from '../../core/auth/permissions';
import { useT } from '../../core/i18n/I18nProvider';
import { ErrorCallout } from '../../core/ui/ErrorCallout';
import { PageHeader } from '../../core/ui/PageHeader';
import { showToast } from '../../core/ui/toaster';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { UnitSwitch } from '../views/core/ViewControls';
import { unitSymbol, type EmissionUnit } from '../views/core/filters';
import { useReportDraft } from './api';
import { baseYearCodes, reasonName, useBaseYear, useRestateBaseYear, useSetBaseYear, type BaseYear, type RestatementReason } from './baseYearApi';
import { ChangedLinesTable } from './ChangedLinesTable';
import { CauseSummaryTable } from './CauseSummaryTable';
import { shortHash } from './figures';
import { useKgFormat } from './useKgFormat';
import './reports.css';

/** How many fiscal years back the base year can be chosen from. */
const YEARS_BACK = 15;
const DEFAULT_THRESHOLD = 5;

/**
 * The base year (GHG Protocol Corporate Standard, ch. 5): set it from its inventory as shown, see
 * how far the base year as it would be now has moved from what was recorded (and whether that is
 * past the significance threshold), the lines and events that moved it, and record the
 * recalculated base year with its reason and a note; every record stays listed.
 */
export default function BaseYearPage() {
  const t = useT();
  const { companyId, company } = useWorkspace();
  const baseYear = useBaseYear(companyId);
  const [unit, setUnit] = useState<EmissionUnit>('t');
  return (
    <div className="ghg-report-page">
      <PageHeader subtitle={company?.name ?? ''} actions={<UnitSwitch value={unit} onChange={setUnit} testId="base-year-unit" />} />
      <p className="bp6-text-muted">{t('reports.baseYear.intro')}</p>
      {baseYear.isPending ? (
        <div className="ghg-center-pad">
          <Spinner size={24} />
        </div>
      ) : baseYear.isError ? (
        <ErrorCallout error={baseYear.error} codes={baseYearCodes} />
      ) : (
        <>
          {baseYear.data.baseYear !== null && <BaseYearStatus data={baseYear.data} unit={unit} />}
          <SetBaseYearCard current={baseYear.data.baseYear} threshold={baseYear.data.thresholdPercent} unit={unit} />
        </>
      )}
    </div>
  );
}

function BaseYearStatus({ data, unit }: { data: BaseYear; unit: EmissionUnit }) {
  const t = useT();
  const intl = useIntl();
  const { amount: figure, difference, dateTime } = useKgFormat(unit);
  const symbol = unitSymbol[unit];
  const { change, now, records } = data;
  const latest = records.at(-1)!;
  const percent = change?.changePercent === null || change?.changePercent === undefined ? '—' : intl.formatNumber(change.changePercent / 100, { style: 'percent', maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  const values = { year: String(data.baseYear), change: `${difference(change?.changeKg ?? '0')} ${symbol}`, percent, threshold: intl.formatNumber(data.thresholdPercent / 100, { style: 'percent', maximumFractionDigits: 2 }) };
  const moved = change !== null && Number(change.changeKg) !== 0;
  return (
    <>
      <Card className="ghg-table-card" data-testid="base-year-status" data-significant={String(change?.significant ?? false)} data-change-kg={change?.changeKg ?? ''}>
        <h2 className="bp6-heading ghg-section-title">{t('reports.baseYear.title', { year: String(data.baseYear) })}</h2>
        <dl className="ghg-report-facts">
          <dt>{t('reports.baseYear.recordedTotal')}</dt>
          <dd data-testid="base-year-recorded">
            {figure(latest.figures.totalKg)} {symbol}
          </dd>
          <dt>{t('reports.baseYear.nowTotal')}</dt>
          <dd data-testid="base-year-now">
            {now ? figure(now.figures.totalKg) : '—'} {symbol}
          </dd>
          <dt>{t('reports.baseYear.threshold')}</dt>
          <dd>{values.threshold}</dd>
        </dl>
        {change?.significant ? (
          <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="base-year-significant">
            {t('reports.baseYear.significant', values)}
          </Callout>
        ) : (
          <Callout intent={moved ? Intent.NONE : Intent.SUCCESS} icon={moved ? 'info-sign' : 'tick-circle'} data-testid="base-year-within">
            {moved ? t('reports.baseYear.within', values) : t('reports.baseYear.unchanged')}
          </Callout>
        )}
        {moved && now && <RestateForm position={now.content.position} sha256={now.sha256} />}
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('reports.baseYear.records')}</h2>
        <HTMLTable className="ghg-table" striped compact data-testid="base-year-records">
          <thead>
            <tr>
              <th>{t('reports.baseYear.column.kind')}</th>
              <th>{t('reports.baseYear.column.recordedAt')}</th>
              <th>{t('reports.baseYear.column.recordedBy')}</th>
              <th className="ghg-num">{t('reports.figure.position')}</th>
              <th>{t('reports.figure.sha256')}</th>
              <th className="ghg-num">{t('reports.baseYear.column.total', { unit: symbol })}</th>
              <th>{t('reports.baseYear.column.reason')}</th>
              <th>{t('reports.column.note')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => (
              <tr key={r.position} data-testid="base-year-record" data-kind={r.kind} data-position={r.position}>
                <td>{t(r.kind === 'set' ? 'reports.baseYear.kind.set' : 'reports.baseYear.kind.restated')}</td>
                <td>{dateTime(r.recordedAt)}</td>
                <td>{r.recordedByName ?? r.recordedBy ?? t('audit.system')}</td>
                <td className="ghg-num">{r.position}</td>
                <td>
                  <code title={r.sha256}>{shortHash(r.sha256)}</code>
                </td>
                <td className="ghg-num">{figure(r.figures.totalKg)}</td>
                <td>{r.reason ? t(reasonName[r.reason]) : '—'}</td>
                <td className="ghg-report-note">{r.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('reports.causes.title')}</h2>
        <CauseSummaryTable causes={data.causes} unit={unit} intro="reports.causes.baseYearIntro" />
      </Card>
      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('reports.baseYear.lines')}</h2>
        <ChangedLinesTable lines={data.lines} moreLines={data.moreLines} unit={unit} thenLabel="reports.baseYear.column.recorded" />
      </Card>
    </>
  );
}

/** Records the base year as it would be now (its position and hash as shown) as a restatement. */
function RestateForm({ position, sha256 }: { position: string; sha256: string }) {
  const t = useT();
  const canRecord = useCan('company.configure');
  const restate = useRestateBaseYear();
  const [reason, setReason] = useState<RestatementReason>('structural');
  const [note, setNote] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await restate.mutateAsync({ position, sha256, reason, note: note.trim() });
      setNote('');
      showToast({ message: t('reports.baseYear.restated'), intent: Intent.SUCCESS, icon: 'tick' });
    } catch {
      // The refusal shows above the form.
    }
  };
  if (!canRecord) return <p className="bp6-text-muted ghg-page-callout">{t('reports.file.adminOnly')}</p>;
  return (
    <form onSubmit={submit} noValidate className="ghg-page-callout" data-testid="base-year-restate">
      <ErrorCallout error={restate.error} codes={baseYearCodes} />
      <FormGroup label={t('reports.baseYear.column.reason')} labelFor="base-year-reason">
        <HTMLSelect id="base-year-reason" value={reason} onChange={(e) => setReason(e.currentTarget.value as RestatementReason)} data-testid="base-year-reason">
          {(Object.keys(reasonName) as RestatementReason[]).map((r) => (
            <option key={r} value={r}>
              {t(reasonName[r])}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t('reports.column.note')} labelFor="base-year-note" helperText={t('reports.baseYear.noteHint')}>
        <TextArea id="base-year-note" fill rows={3} maxLength={LIMITS.longTextLength} value={note} onChange={(e) => setNote(e.currentTarget.value)} data-testid="base-year-note" />
      </FormGroup>
      <Button type="submit" intent={Intent.PRIMARY} icon="history" loading={restate.isPending} disabled={note.trim() === ''} data-testid="base-year-restate-submit">
        {t('reports.baseYear.restate')}
      </Button>
    </form>
  );
}

/** Sets (or moves) the base year: the chosen year's inventory as shown now is recorded, with the threshold. */
function SetBaseYearCard({ current, threshold, unit }: { current: number | null; threshold: number; unit: EmissionUnit }) {
  const t = useT();
  const intl = useIntl();
  const { amount: figure } = useKgFormat(unit);
  const { companyId, fiscalYear } = useWorkspace();
  const canRecord = useCan('company.configure');
  const [year, setYear] = useState(current ?? fiscalYear - 1);
  const [percent, setPercent] = useState(current === null ? DEFAULT_THRESHOLD : threshold);
  const draft = useReportDraft(companyId, year, 'ghgProtocol', null);
  const set = useSetBaseYear();
  const drafted = draft.data?.content;
  const content = drafted?.regime === 'ghgProtocol' ? drafted : undefined;
  // The total the base year is compared by, as the domain defines it (scopes 1, 2 location-based, 3).
  const total = content ? baseYearFiguresOf(content).totalKg : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.data) return;
    try {
      await set.mutateAsync({ baseYear: year, thresholdPercent: percent, position: draft.data.content.position, sha256: draft.data.sha256 });
      showToast({ message: t('reports.baseYear.set.done', { year: String(year) }), intent: Intent.SUCCESS, icon: 'tick' });
    } catch {
      // The refusal shows above the form.
    }
  };
  const years = Array.from({ length: YEARS_BACK }, (_, i) => fiscalYear - i);
  return (
    <Card className="ghg-table-card" data-testid="base-year-set">
      <h2 className="bp6-heading ghg-section-title">{t(current === null ? 'reports.baseYear.set.title' : 'reports.baseYear.set.change')}</h2>
      <form onSubmit={submit} noValidate>
        <ErrorCallout error={set.error} codes={baseYearCodes} />
        <div className="ghg-as-of">
          <FormGroup label={t('reports.baseYear.set.year')} labelFor="base-year-year" inline className="ghg-as-of-field">
            <HTMLSelect id="base-year-year" value={year} onChange={(e) => setYear(Number(e.currentTarget.value))} data-testid="base-year-year">
              {years.map((y) => (
                <option key={y} value={y}>
                  {t('fiscalYear.name', { year: String(y) })}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('reports.baseYear.thresholdInput')} labelFor="base-year-threshold" inline className="ghg-as-of-field">
            <NumericInput id="base-year-threshold" buttonPosition="none" min={0.1} max={100} stepSize={0.5} minorStepSize={0.1} value={percent} onValueChange={(v) => Number.isFinite(v) && setPercent(v)} data-testid="base-year-threshold" />
          </FormGroup>
        </div>
        <p data-testid="base-year-draft" data-total-kg={total ?? ''}>
          {content && total !== null
            ? t('reports.baseYear.set.draft', { year: String(year), total: `${figure(total)} ${unitSymbol[unit]}`, lines: intl.formatNumber(content.lines), position: content.position })
            : '…'}
        </p>
        <Button type="submit" intent={Intent.PRIMARY} icon="flag" disabled={!canRecord || !draft.data} loading={set.isPending} data-testid="base-year-set-submit">
          {t('reports.baseYear.set.submit')}
        </Button>
      </form>
    </Card>
  );
}
