import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../core/ui/AsOfLink';
import { Button, Callout, Card, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useT } from '../../core/i18n/I18nProvider';
import { categoryName, categoryShortLabel } from '../../core/router/categories';
import { ErrorCallout } from '../../core/ui/ErrorCallout';
import { GroupedBarChart } from '../../core/ui/GroupedBarChart';
import { PageHeader } from '../../core/ui/PageHeader';
import { sortRows } from '../../core/ui/sorting';
import { useSort } from '../../core/ui/TableParts';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { UnitSwitch } from '../views/core/ViewControls';
import { unitDigits, unitSymbol, type EmissionUnit } from '../views/core/filters';
import { energyReportRoutes, shkReportRoutes } from '@ghg/api';
import { reportCodes, useReportDetail, type ReportDetail } from './api';
import { energyReportCodes } from './energyApi';
import { shkReportCodes } from './shkApi';
import { AuditPackButton } from './AuditPackButton';
import { ReportXlsxButton } from './ReportXlsxButton';
import { categoryOrder, ChangedLinesTable } from './ChangedLinesTable';
import { CauseSummaryTable } from './CauseSummaryTable';
import { ReportSupplement } from './ReportSupplement';
import { useKgFormat } from './useKgFormat';
import { figureIn } from './figures';
import { figureName, regimeName, regimeScreen } from './names';
import './reports.css';

type CategoryColumn = 'category' | 'filedKg' | 'nowKg' | 'differenceKg';


/**
 * One filed report (`?id=`) of any regime: what was filed, re-rendered from the log up to the
 * position it was filed at with its hash checked against the filed one, beside the same report as
 * of now: its headline figures as filed and now; for the GHG Protocol inventory by category, and
 * the supplement as of the filed position (base year, targets, offsets and certificates,
 * exclusions) outside the hashed content; for it and the SHK report by cause and by line (the lines
 * the report counts), each changed line with the events that changed it. Printable.
 */
export default function ReportDetailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { companyId } = useWorkspace();
  const detail = useReportDetail(companyId, id);
  const [unit, setUnit] = useState<EmissionUnit>('t');

  return (
    <div className="ghg-report-page">
      <PageHeader
        actions={
          <div className="ghg-toolbar-start ghg-no-print">
            <UnitSwitch value={unit} onChange={setUnit} testId="report-unit" />
            <Button icon="print" onClick={() => window.print()} disabled={!detail.data} data-testid="report-print">
              {t('reports.print')}
            </Button>
            {detail.data?.report.regime === 'shk' ? (
              <ReportXlsxButton route={shkReportRoutes.xlsx} body={{ fiscalYear: detail.data.report.fiscalYear, asOf: detail.data.report.position }} codes={shkReportCodes} fallbackName="shk-report.xlsx" />
            ) : detail.data?.report.regime === 'energyConservation' ? (
              <ReportXlsxButton route={energyReportRoutes.xlsx} body={{ fiscalYear: detail.data.report.fiscalYear, asOf: detail.data.report.position }} codes={energyReportCodes} fallbackName="energy-report.xlsx" />
            ) : (
              <>
                <ReportXlsxButton body={{ reportId: id ?? '' }} disabled={!detail.data} />
                <AuditPackButton reportId={id} disabled={!detail.data} />
              </>
            )}
          </div>
        }
      />
      {id === null ? (
        <NonIdealState icon="document" title={t('reports.detail.none')} action={<Link to="/emission/report">{t('reports.detail.toList')}</Link>} />
      ) : detail.isPending ? (
        <div className="ghg-center-pad">
          <Spinner size={24} />
        </div>
      ) : detail.isError ? (
        <>
          <ErrorCallout error={detail.error} codes={reportCodes} />
          <p>
            <Link to="/emission/report">{t('reports.detail.toList')}</Link>
          </p>
        </>
      ) : (
        <ReportBody detail={detail.data} unit={unit} />
      )}
    </div>
  );
}

function ReportBody({ detail, unit }: { detail: ReportDetail; unit: EmissionUnit }) {
  const t = useT();
  const { report, asFiled, figures, linesCompared, lines, moreLines, causes, supplement } = detail;
  const { figure, figureDifference, figureSymbol, dateTime } = useKgFormat(unit);
  const page = regimeScreen[report.regime].page;

  return (
    <>
      <Card className="ghg-table-card" data-testid="report-summary" data-regime={report.regime}>
        <h2 className="bp6-heading ghg-section-title" data-testid="report-heading">
          {t('reports.detail.heading', { regime: t(regimeName[report.regime]), year: t('fiscalYear.name', { year: String(report.fiscalYear) }) })}
        </h2>
        <dl className="ghg-report-facts">
          <dt>{t('reports.column.filedAt')}</dt>
          <dd>{dateTime(report.filedAt)}</dd>
          <dt>{t('reports.column.filedBy')}</dt>
          <dd>{report.filedByName ?? report.filedBy ?? t('audit.system')}</dd>
          <dt>{t('reports.figure.position')}</dt>
          <dd>{report.position}</dd>
          <dt>{t('reports.column.note')}</dt>
          <dd className="ghg-report-note" data-testid="report-note-shown">
            {report.note || '—'}
          </dd>
        </dl>
        {page && (
          <p className="ghg-toolbar-start ghg-no-print">
            <Link to={`${page}?asOf=${report.position}`} data-testid="report-open-as-filed">
              {t('reports.detail.openAsFiled', { regime: t(regimeName[report.regime]) })}
            </Link>
            <Link to={page} data-testid="report-open-now">
              {t('reports.detail.openNow', { regime: t(regimeName[report.regime]) })}
            </Link>
          </p>
        )}
      </Card>

      {asFiled.reproduced ? (
        <Callout intent={Intent.SUCCESS} icon="endorsed" title={t('reports.hash.reproduced')} className="ghg-page-callout" data-testid="report-hash" data-reproduced="true">
          <code className="ghg-report-hash">{report.sha256}</code>
        </Callout>
      ) : (
        <Callout intent={Intent.DANGER} icon="error" title={t('reports.hash.differs')} className="ghg-page-callout" data-testid="report-hash" data-reproduced="false">
          <p>{t('reports.hash.differsHint')}</p>
          <dl className="ghg-report-facts">
            <dt>{t('reports.hash.filed')}</dt>
            <dd>
              <code className="ghg-report-hash">{report.sha256}</code>
            </dd>
            <dt>{t('reports.hash.rendered')}</dt>
            <dd>
              <code className="ghg-report-hash">{asFiled.sha256}</code>
            </dd>
          </dl>
        </Callout>
      )}

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('reports.detail.figures')}</h2>
        <HTMLTable className="ghg-table" striped compact data-testid="report-figures">
          <thead>
            <tr>
              <th>{t('reports.column.figure')}</th>
              <th className="ghg-num">{t('reports.column.asFiledPlain')}</th>
              <th className="ghg-num">{t('reports.column.nowPlain')}</th>
              <th className="ghg-num">{t('reports.column.differencePlain')}</th>
              <th>{t('reports.column.unit')}</th>
            </tr>
          </thead>
          <tbody>
            {figures.map((f) => (
              <tr key={f.figure} data-testid="report-figure" data-figure={f.figure} data-filed={f.filed} data-now={f.now} data-difference={f.difference}>
                <th scope="row">{t(figureName[f.figure])}</th>
                <td className="ghg-num">{figure(f.filed, f.unit)}</td>
                <td className="ghg-num">{figure(f.now, f.unit)}</td>
                <td className={`ghg-num${Number(f.difference) !== 0 ? ' ghg-report-changed' : ''}`}>{figureDifference(f.difference, f.unit)}</td>
                <td>{figureSymbol(f.unit)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>

      {report.regime === 'ghgProtocol' && <CategoryComparison detail={detail} unit={unit} />}

      {linesCompared ? (
        <>
          <Card className="ghg-table-card ghg-scroll-x">
            <h2 className="bp6-heading ghg-section-title">{t('reports.causes.title')}</h2>
            <CauseSummaryTable causes={causes} unit={unit} intro="reports.causes.intro" />
          </Card>

          <Card className="ghg-table-card ghg-scroll-x">
            <h2 className="bp6-heading ghg-section-title">{t(report.regime === 'shk' ? 'reports.detail.linesShk' : 'reports.detail.lines')}</h2>
            <ChangedLinesTable lines={lines} moreLines={moreLines} unit={unit} thenLabel="reports.column.asFiled" />
          </Card>
        </>
      ) : (
        <Callout icon="info-sign" className="ghg-page-callout" data-testid="report-no-line-comparison">
          {t('reports.detail.noLineComparison', { regime: t(regimeName[report.regime]) })}
        </Callout>
      )}

      {supplement && <ReportSupplement supplement={supplement} unit={unit} />}
    </>
  );
}

/** The GHG Protocol inventory as filed and now by category: a chart and its table. */
function CategoryComparison({ detail, unit }: { detail: ReportDetail; unit: EmissionUnit }) {
  const t = useT();
  const intl = useIntl();
  const { categories } = detail;
  const symbol = unitSymbol[unit];
  const digits = unitDigits[unit];
  const { amount, difference } = useKgFormat(unit);
  const categoryLabel = (c: string) => t(categoryName[c as keyof typeof categoryName]);
  /** Scope 2 is compared on each basis: its two rows say which. */
  const basisLabel = (basis: 'location' | 'market' | null) => (basis === null ? '' : ` (${t(basis === 'location' ? 'views.basis.location' : 'views.basis.market')})`);
  const rowKey = (c: { scopeCategory: string; basis: 'location' | 'market' | null }) => (c.basis === null ? c.scopeCategory : `${c.scopeCategory}-${c.basis}`);
  const fullLabel = (key: string) => {
    const c = categories.find((row) => rowKey(row) === key);
    return c ? `${categoryLabel(c.scopeCategory)}${basisLabel(c.basis)}` : key;
  };

  const byCategory = useSort<CategoryColumn>({ key: 'category', direction: 'asc' });
  const categoryRows = useMemo(
    () => sortRows(categories, byCategory.sort, (r, key) => (key === 'category' ? categoryOrder(r.scopeCategory) : Number(r[key]))),
    [categories, byCategory.sort],
  );

  const series = [
    { name: t('reports.asFiled'), className: 'ghg-chart-series-0' },
    { name: t('reports.now'), className: 'ghg-chart-series-1' },
  ];
  const groups = [...categories]
    .sort((a, b) => categoryOrder(a.scopeCategory) - categoryOrder(b.scopeCategory))
    .map((c) => ({
      key: rowKey(c),
      label: c.basis === null ? categoryShortLabel(c.scopeCategory, t('scope.category.water')) : t(c.basis === 'location' ? 'reports.chart.scope2Location' : 'reports.chart.scope2Market'),
      values: [figureIn(c.filedKg, unit) ?? 0, figureIn(c.nowKg, unit) ?? 0],
    }));
  const chartTitle = t('reports.detail.chart', { unit: symbol });

  return (
    <>
      <Card className="ghg-table-card ghg-report-chart" data-testid="report-chart">
        <h2 className="bp6-heading ghg-section-title">{chartTitle}</h2>
        <GroupedBarChart
          groups={groups}
          series={series}
          ariaLabel={chartTitle}
          formatTick={(v) => intl.formatNumber(v, { maximumFractionDigits: 0 })}
          valueLabel={(g, i) => t('views.chart.bar', { name: `${fullLabel(g.key)} · ${series[i]!.name}`, value: intl.formatNumber(g.values[i]!, { maximumFractionDigits: digits }), unit: symbol })}
        />
      </Card>

      <Card className="ghg-table-card ghg-scroll-x">
        <h2 className="bp6-heading ghg-section-title">{t('reports.detail.byCategory')}</h2>
        <HTMLTable className="ghg-table" striped compact data-testid="report-categories">
          <thead>
            <tr>
              {byCategory.header('category', t('reports.column.category'))}
              {byCategory.header('filedKg', t('reports.column.asFiled', { unit: symbol }), 'right')}
              {byCategory.header('nowKg', t('reports.column.now', { unit: symbol }), 'right')}
              {byCategory.header('differenceKg', t('reports.column.difference', { unit: symbol }), 'right')}
            </tr>
          </thead>
          <tbody>
            {categoryRows.map((c) => (
              <tr key={rowKey(c)} data-testid={`report-category-${rowKey(c)}`} data-difference-kg={c.differenceKg}>
                <td>
                  {categoryLabel(c.scopeCategory)}
                  {basisLabel(c.basis)}
                </td>
                <td className="ghg-num">{amount(c.filedKg)}</td>
                <td className="ghg-num">{amount(c.nowKg)}</td>
                <td className={`ghg-num${Number(c.differenceKg) !== 0 ? ' ghg-report-changed' : ''}`}>{difference(c.differenceKg)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
    </>
  );
}
