import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button, Card, HTMLTable, Icon, Intent, NonIdealState, Spinner, Tooltip } from '@blueprintjs/core';
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
import { unitDigits, unitSymbol, type EmissionUnit } from '../views/core/filters';
import { reportCodes, useFiledReports, useReportDraft, type FiledReport } from './api';
import { FileReportDialog } from './FileReportDialog';
import { ReportXlsxButton } from './ReportXlsxButton';
import { figureIn, shortHash } from './figures';
import { AsOfControl } from '../../core/ui/AsOfControl';
import { useAsOf } from '../../core/workspace/asOf';
import { regimeName } from './names';
import './reports.css';

type Column = 'filedAt' | 'filedBy' | 'regime' | 'position' | 'sha256' | 'scope1Kg' | 'scope2LocationKg' | 'scope2MarketKg' | 'scope3Kg' | 'note';

/** The headline figures of a draft, in the order the card shows them. */
const HEADLINES = [
  { key: 'scope1Kg', label: 'reports.figure.scope1' },
  { key: 'scope2LocationKg', label: 'reports.figure.scope2Location' },
  { key: 'scope2MarketKg', label: 'reports.figure.scope2Market' },
  { key: 'scope3Kg', label: 'reports.figure.scope3' },
] as const;

/**
 * Reports of the header's fiscal year for the selected company: the draft (as of now, or as of a
 * moment named in the address, so it can be shared), filing it (administrators), and the reports
 * filed, newest first, each opening its detail.
 */
export default function ReportListPage() {
  const t = useT();
  const intl = useIntl();
  useFiscalYearFromUrl();
  const { companyId, company, fiscalYear } = useWorkspace();
  const canFile = useCan('company.configure');
  const { asOf } = useAsOf();
  const [unit, setUnit] = useState<EmissionUnit>('t');
  const [filing, setFiling] = useState(false);
  const draft = useReportDraft(companyId, fiscalYear, asOf);
  const reports = useFiledReports(companyId, fiscalYear);
  const { sort, header } = useSort<Column>({ key: 'filedAt', direction: 'desc' });

  const symbol = unitSymbol[unit];
  const figure = (kg: string) => intl.formatNumber(figureIn(kg, unit) ?? 0, { maximumFractionDigits: unitDigits[unit] });
  const dateTime = (at: string) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
  const filedBy = (r: FiledReport) => r.filedByName ?? r.filedBy ?? t('audit.system');

  const rows = useMemo(
    () =>
      sortRows(reports.data ?? [], sort, (r, key) => {
        if (key === 'filedBy') return filedBy(r);
        if (key === 'regime') return t(regimeName[r.regime]);
        if (key === 'position') return Number(r.position);
        if (key === 'filedAt') return Date.parse(r.filedAt);
        if (key.endsWith('Kg')) return Number(r[key as 'scope1Kg']);
        return r[key as 'sha256' | 'note'];
      }),
    [reports.data, sort, t], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const content = draft.data?.content;
  // File only what is on screen: the draft of now, loaded for this year (not the last one kept while the next loads).
  const fileBlocked = asOf !== null ? t('reports.file.onlyNow') : !canFile ? t('reports.file.adminOnly') : null;
  const canOpen = fileBlocked === null && content !== undefined && !draft.isPlaceholderData && !draft.isFetching && content.lines > 0;

  return (
    <div className="ghg-report-page">
      <PageHeader subtitle={t('reports.subtitle', { company: company?.name ?? '', year: String(fiscalYear) })} actions={
          <div className="ghg-toolbar-start ghg-no-print">
            <UnitSwitch value={unit} onChange={setUnit} testId="reports-unit" />
            <ReportXlsxButton body={{ fiscalYear, ...(asOf ? { asOf } : {}) }} disabled={!draft.data} testId="report-draft-xlsx" />
          </div>
        }
      />
      <Card className="ghg-table-card" data-testid="report-draft">
        <div className="ghg-report-draft-head">
          <h2 className="bp6-heading ghg-section-title">{asOf ? t('reports.draft.asOfTitle') : t('reports.draft.title')}</h2>
          <AsOfControl testId="report-as-of" />
        </div>
        <p className="bp6-text-muted">{t(asOf ? 'reports.draft.asOfIntro' : 'reports.draft.intro')}</p>
        {draft.isPending ? (
          <div className="ghg-center-pad">
            <Spinner size={24} />
          </div>
        ) : draft.isError ? (
          <ErrorCallout error={draft.error} codes={reportCodes} />
        ) : content ? (
          <>
            <div className="ghg-stat-grid">
              {HEADLINES.map((h) => (
                <Card key={h.key} className="ghg-stat" data-testid={`report-draft-${h.key}`} data-kg={Number(content[h.key])}>
                  <div className="ghg-stat-label ghg-ellipsis">{t(h.label)}</div>
                  <div className="ghg-stat-value">
                    {figure(content[h.key])} <span className="ghg-small bp6-text-muted">{symbol}</span>
                  </div>
                </Card>
              ))}
            </div>
            <dl className="ghg-report-facts">
              <dt>{t('reports.figure.lines')}</dt>
              <dd data-testid="report-draft-lines">{intl.formatNumber(content.lines)}</dd>
              <dt>{t('reports.figure.position')}</dt>
              <dd data-testid="report-draft-position">{content.position}</dd>
              <dt>{t('reports.figure.sha256')}</dt>
              <dd>
                <code title={draft.data!.sha256} data-testid="report-draft-sha256">
                  {shortHash(draft.data!.sha256)}
                </code>
              </dd>
            </dl>
            <div className="ghg-toolbar-start ghg-no-print">
              <Tooltip content={fileBlocked ?? ''} disabled={fileBlocked === null}>
                <Button intent={Intent.PRIMARY} icon="saved" disabled={!canOpen} onClick={() => setFiling(true)} data-testid="report-file">
                  {t('reports.file.button')}
                </Button>
              </Tooltip>
              {content.lines === 0 && <span className="bp6-text-muted ghg-toolbar-text">{t('reports.error.empty')}</span>}
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
                {header('scope1Kg', t('reports.column.scope1', { unit: symbol }), 'right')}
                {header('scope2LocationKg', t('reports.column.scope2Location', { unit: symbol }), 'right')}
                {header('scope2MarketKg', t('reports.column.scope2Market', { unit: symbol }), 'right')}
                {header('scope3Kg', t('reports.column.scope3', { unit: symbol }), 'right')}
                {header('note', t('reports.column.note'))}
                <th>
                  <span className="ghg-visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.reportId} data-testid="report-row" data-report-id={r.reportId}>
                  <td>{dateTime(r.filedAt)}</td>
                  <td>{filedBy(r)}</td>
                  <td>{t(regimeName[r.regime])}</td>
                  <td className="ghg-num">{r.position}</td>
                  <td>
                    <code title={r.sha256}>{shortHash(r.sha256)}</code>
                  </td>
                  <td className="ghg-num">{figure(r.scope1Kg)}</td>
                  <td className="ghg-num">{figure(r.scope2LocationKg)}</td>
                  <td className="ghg-num">{figure(r.scope2MarketKg)}</td>
                  <td className="ghg-num">{figure(r.scope3Kg)}</td>
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

      {draft.data && (
        <FileReportDialog
          isOpen={filing}
          draft={draft.data}
          onClose={() => setFiling(false)}
          onFiled={() => {
            setFiling(false);
            showToast({ message: t('reports.file.done', { year: String(fiscalYear) }), intent: Intent.SUCCESS, icon: 'tick' });
          }}
        />
      )}
    </div>
  );
}
