import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../core/ui/AsOfLink';
import { Button, Card, HTMLTable, Icon, Intent, NonIdealState, SegmentedControl, Spinner, Tooltip } from '@blueprintjs/core';
import { reportRegimes, type ReportRegime } from '@ghg/events';
import { useCan } from '../../core/auth/permissions';
import { useT } from '../../core/i18n/I18nProvider';
import { ErrorCallout } from '../../core/ui/ErrorCallout';
import { PageHeader } from '../../core/ui/PageHeader';
import { sortRows } from '../../core/ui/sorting';
import { QueryState, useSort } from '../../core/ui/TableParts';
import { showToast } from '../../core/ui/toaster';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { useFiscalYearFromUrl } from '../../core/workspace/useFiscalYearFromUrl';
import { UnitSwitch } from '../views/core/ViewControls';
import { type EmissionUnit } from '../views/core/filters';
import { reportCodes, useFiledReports, useReportDraft, type FiledReport, type HeadlineFigure } from './api';
import { FileReportDialog } from './FileReportDialog';
import { FILE_PARAM, REGIME_PARAM } from './filingParams';
import { ReportXlsxButton } from './ReportXlsxButton';
import { shortHash } from './figures';
import { AsOfControl } from '../../core/ui/AsOfControl';
import { useAsOf } from '../../core/workspace/asOf';
import { figureName, regimeName, regimeScreen } from './names';
import { useKgFormat } from './useKgFormat';
import './reports.css';

type Column = 'filedAt' | 'filedBy' | 'regime' | 'position' | 'sha256' | 'note';

const isRegime = (value: string | null): value is ReportRegime => value !== null && (reportRegimes as readonly string[]).includes(value);

/**
 * Reports of the header's fiscal year for the selected company: the draft of each regime (the GHG
 * Protocol inventory, the SHK report, the 省エネ法 report; as of now, or as of a moment named in the
 * address, so it can be shared), filing it (administrators), and the reports filed under every
 * regime, newest first, each opening its detail.
 */
export default function ReportListPage() {
  const t = useT();
  const intl = useIntl();
  useFiscalYearFromUrl();
  const { companyId, company, fiscalYear } = useWorkspace();
  const canFile = useCan('company.configure');
  const { asOf } = useAsOf();
  const [unit, setUnit] = useState<EmissionUnit>('t');
  const [params, setParams] = useSearchParams();
  // Sent here to file (`?file=1`, from the SHK and 省エネ法 pages): the dialog opens as soon as the draft can be filed.
  const [filing, setFiling] = useState(() => params.get(FILE_PARAM) === '1');
  const regime: ReportRegime = isRegime(params.get(REGIME_PARAM)) ? (params.get(REGIME_PARAM) as ReportRegime) : 'ghgProtocol';
  const setRegime = (next: ReportRegime) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'ghgProtocol') updated.delete(REGIME_PARAM);
        else updated.set(REGIME_PARAM, next);
        return updated;
      },
      { replace: true },
    );
  const draft = useReportDraft(companyId, fiscalYear, regime, asOf);
  const reports = useFiledReports(companyId, fiscalYear);
  const { sort, header } = useSort<Column>({ key: 'filedAt', direction: 'desc' });
  const { figure: figureText, figureSymbol } = useKgFormat(unit);

  const dateTime = (at: string) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
  const filedBy = (r: FiledReport) => r.filedByName ?? r.filedBy ?? t('audit.system');
  const figureLine = (f: HeadlineFigure) => `${t(figureName[f.figure])} ${figureText(f.value, f.unit)} ${figureSymbol(f.unit)}`;

  const rows = useMemo(
    () =>
      sortRows(reports.data ?? [], sort, (r, key) => {
        if (key === 'filedBy') return filedBy(r);
        if (key === 'regime') return t(regimeName[r.regime]);
        if (key === 'position') return Number(r.position);
        if (key === 'filedAt') return Date.parse(r.filedAt);
        return r[key];
      }),
    [reports.data, sort, t], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const shown = draft.data && draft.data.content.regime === regime ? draft.data : undefined;
  const content = shown?.content;
  const headline = shown?.headline;
  // File only what is on screen: the draft of now, loaded for this year and regime (not the last one kept while the next loads).
  const fileBlocked = asOf !== null ? t('reports.file.onlyNow') : !canFile ? t('reports.file.adminOnly') : null;
  const canOpen = fileBlocked === null && headline !== undefined && !draft.isPlaceholderData && !draft.isFetching && headline.lines > 0;
  const page = regimeScreen[regime].page;

  // The parameter has done its work once read: a reload or a shared address does not open the dialog again.
  const wantsFiling = params.get(FILE_PARAM) === '1';
  useEffect(() => {
    if (!wantsFiling) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete(FILE_PARAM);
        return updated;
      },
      { replace: true },
    );
  }, [wantsFiling, setParams]);

  return (
    <div className="ghg-report-page">
      <PageHeader
        subtitle={t('reports.subtitle', { company: company?.name ?? '', year: String(fiscalYear) })}
        actions={
          <div className="ghg-toolbar-start ghg-no-print">
            <UnitSwitch value={unit} onChange={setUnit} testId="reports-unit" />
            {regime === 'ghgProtocol' && <ReportXlsxButton body={{ fiscalYear, ...(asOf ? { asOf } : {}) }} disabled={!shown} testId="report-draft-xlsx" />}
          </div>
        }
      />
      <Card className="ghg-table-card" data-testid="report-draft" data-regime={regime}>
        <div className="ghg-report-draft-head">
          <h2 className="bp6-heading ghg-section-title">{asOf ? t('reports.draft.asOfTitle') : t('reports.draft.title')}</h2>
          <AsOfControl testId="report-as-of" />
        </div>
        <div className="ghg-toolbar-start ghg-no-print">
          <SegmentedControl
            aria-label={t('reports.draft.regime')}
            value={regime}
            onValueChange={(v) => setRegime(v as ReportRegime)}
            options={reportRegimes.map((r) => ({ value: r, label: t(regimeName[r]) }))}
            data-testid="report-regime"
          />
        </div>
        <p className="bp6-text-muted">
          {t(asOf ? 'reports.draft.asOfIntro' : regimeScreen[regime].intro)}
          {page && (
            <>
              {' '}
              <Link to={`${page}${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`} data-testid="report-draft-open">
                {t('reports.draft.openReport', { regime: t(regimeName[regime]) })}
              </Link>
            </>
          )}
        </p>
        {draft.isPending || (shown === undefined && draft.isFetching) ? (
          <div className="ghg-center-pad">
            <Spinner size={24} />
          </div>
        ) : draft.isError ? (
          <ErrorCallout error={draft.error} codes={reportCodes} />
        ) : content && headline ? (
          <>
            <div className="ghg-stat-grid">
              {headline.figures.map((f) => (
                <Card
                  key={f.figure}
                  className="ghg-stat"
                  data-testid={`report-draft-${f.figure}`}
                  data-figure={f.figure}
                  data-value={f.value}
                  {...(f.unit === 'kg' ? { 'data-kg': Number(f.value) } : {})}
                >
                  <div className="ghg-stat-label ghg-ellipsis">{t(figureName[f.figure])}</div>
                  <div className="ghg-stat-value">
                    {figureText(f.value, f.unit)} <span className="ghg-small bp6-text-muted">{figureSymbol(f.unit)}</span>
                  </div>
                </Card>
              ))}
            </div>
            <dl className="ghg-report-facts">
              <dt>{t('reports.figure.lines')}</dt>
              <dd data-testid="report-draft-lines">{intl.formatNumber(headline.lines)}</dd>
              <dt>{t('reports.figure.position')}</dt>
              <dd data-testid="report-draft-position">{content.position}</dd>
              <dt>{t('reports.figure.sha256')}</dt>
              <dd>
                <code title={shown.sha256} data-testid="report-draft-sha256">
                  {shortHash(shown.sha256)}
                </code>
              </dd>
            </dl>
            <div className="ghg-toolbar-start ghg-no-print">
              <Tooltip content={fileBlocked ?? ''} disabled={fileBlocked === null}>
                <Button intent={Intent.PRIMARY} icon="saved" disabled={!canOpen} onClick={() => setFiling(true)} data-testid="report-file">
                  {t('reports.file.button')}
                </Button>
              </Tooltip>
              {headline.lines === 0 && <span className="bp6-text-muted ghg-toolbar-text">{t('reports.error.empty')}</span>}
            </div>
          </>
        ) : null}
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('reports.filed.title', { year: String(fiscalYear) })}</h2>
        <QueryState query={reports} empty={<NonIdealState icon="document" title={t('reports.filed.empty')} description={t('reports.filed.emptyHint')} />}>
          <HTMLTable className="ghg-table" striped compact data-testid="report-table">
            <thead>
              <tr>
                {header('filedAt', t('reports.column.filedAt'))}
                {header('filedBy', t('reports.column.filedBy'))}
                {header('regime', t('reports.column.regime'))}
                {header('position', t('reports.figure.position'), 'right')}
                {header('sha256', t('reports.figure.sha256'))}
                <th>{t('reports.column.figures')}</th>
                {header('note', t('reports.column.note'))}
                <th>
                  <span className="ghg-visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.reportId} data-testid="report-row" data-report-id={r.reportId} data-regime={r.regime}>
                  <td>{dateTime(r.filedAt)}</td>
                  <td>{filedBy(r)}</td>
                  <td data-testid="report-row-regime">{t(regimeName[r.regime])}</td>
                  <td className="ghg-num">{r.position}</td>
                  <td>
                    <code title={r.sha256}>{shortHash(r.sha256)}</code>
                  </td>
                  <td>
                    <ul className="ghg-report-figures">
                      {r.figures.map((f) => (
                        <li key={f.figure} data-testid="report-row-figure" data-figure={f.figure} data-value={f.value}>
                          {figureLine(f)}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="ghg-report-note" data-testid="report-row-note">
                    {r.note}
                  </td>
                  <td>
                    <Link to={`/emission/report/detail?id=${encodeURIComponent(r.reportId)}`} data-testid="report-row-detail">
                      <Icon icon="document-open" size={12} /> {t('reports.details')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </QueryState>
      </Card>

      {shown && (
        <FileReportDialog
          isOpen={filing && fileBlocked === null && shown.headline.lines > 0}
          draft={shown}
          unit={unit}
          onClose={() => setFiling(false)}
          onFiled={() => {
            setFiling(false);
            showToast({ message: t('reports.file.done', { year: String(fiscalYear), regime: t(regimeName[regime]) }), intent: Intent.SUCCESS, icon: 'tick' });
          }}
        />
      )}
    </div>
  );
}
