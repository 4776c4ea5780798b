import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '../../../core/ui/AsOfLink';
import { Callout, Card, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { GroupedBarChart } from '../../../core/ui/GroupedBarChart';
import { PageHeader } from '../../../core/ui/PageHeader';
import { sortRows } from '../../../core/ui/sorting';
import { QueryState, useSort } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import { FigureControls } from '../region/FigureControls';
import { useFigureFormat } from '../region/useFigureFormat';
import { ViewChain } from '../region/ViewChain';
import { useFigureParams } from '../region/viewParams';
import { flagYears } from './flagFigures';
import { trendYears } from '../core/filters';
import { FLAG_DETAILS_PATH, FLAGS_PATH, useFlagTotals } from './useFlagTotals';

interface Line {
  key: string;
  name: string;
  href?: string;
  /** One figure per year, in the order of the years. */
  kg: number[];
}

/**
 * /emission/view/group-flag/transition: each flag's emission over the last five fiscal years
 * (the selected one last), as grouped bars and as a table of flags × years, with the sections in
 * no flag and the company's total below, so each year's column adds up.
 */
export default function GroupFlagTransitionPage() {
  const t = useT();
  const intl = useIntl();
  const { company, fiscalYear } = useWorkspace();
  const { figures, set, href } = useFigureParams();
  const years = useMemo(() => trendYears(fiscalYear), [fiscalYear]);
  const { flags, sections, totals, state } = useFlagTotals(figures, { groupBy: ['section', 'fiscalYear'], fromYear: years[0]!, toYear: fiscalYear });
  const { symbol, amount, value } = useFigureFormat(figures.unit);
  const { sort, header } = useSort<string>({ key: 'name', direction: 'asc' });
  const pivot = useMemo(() => flagYears(flags ?? [], sections ?? [], totals?.rows ?? [], years), [flags, sections, totals, years]);
  const yearName = (year: number) => t('fiscalYear.name', { year: String(year) });

  const lines: Line[] = (flags ?? []).map((f, i) => ({ key: f.id, name: f.name, href: href(FLAG_DETAILS_PATH, { flagId: f.id }), kg: pivot.map((y) => y.kgByFlag[i] ?? 0) }));
  const sorted = sortRows(lines, sort, (line, key) => (key === 'name' ? line.name : line.kg[years.indexOf(Number(key.slice(1)))]));
  const anyCountedAgain = pivot.some((y) => y.countedAgainKg !== 0);
  const footer: Line[] = [
    { key: 'not-in-any-flag', name: t('viewsGroupFlag.notInAnyFlag'), kg: pivot.map((y) => y.notInAnyFlagKg) },
    ...(anyCountedAgain ? [{ key: 'counted-again', name: t('viewsGroupFlag.countedAgain'), kg: pivot.map((y) => -y.countedAgainKg) }] : []),
    { key: 'total', name: t('views.total'), kg: pivot.map((y) => y.totalKg) },
  ];

  const groups = years.map((year, y) => ({ key: String(year), label: yearName(year), values: lines.map((l) => value(l.kg[y]!)) }));
  const series = lines.map((l, i) => ({ name: l.name, className: `ghg-chart-series-${i % 4}` }));

  const downloadTables = (): DownloadTable[] => [
    {
      sheet: t('viewsGroupFlag.column.flag'),
      heading: [t('viewsGroupFlag.column.flag'), ...years.map((year) => `${yearName(year)} (${symbol})`)],
      rows: [...sorted, ...footer].map((l) => [l.name, ...l.kg.map(value)]),
    },
  ];

  const row = (line: Line, cell: 'td' | 'th') => {
    const Cell = cell;
    return (
      <tr key={line.key} data-testid={`flag-transition-row-${line.key}`}>
        <Cell>
          {line.href ? (
            <Link to={line.href} data-testid={`flag-transition-link-${line.key}`}>
              {line.name}
            </Link>
          ) : (
            line.name
          )}
        </Cell>
        {line.kg.map((kg, y) => (
          <Cell key={years[y]} className="ghg-num" data-kg={kg} data-year={years[y]}>
            {amount(kg)}
          </Cell>
        ))}
      </tr>
    );
  };

  return (
    <>
      <PageHeader
        subtitle={t('views.scopeCompany', { company: company?.name ?? '', year: `${years[0]}–${fiscalYear}`, section: t('header.section.all') })}
        actions={<ViewDownload fileBase={`group-flag-transition-${years[0]}-${fiscalYear}-${figures.basis}-${figures.unit}`} tables={downloadTables} disabled={!totals} testId="flag-transition-download" />}
      />
      <ViewChain
        items={[
          { label: t('viewsGroupFlag.allFlags'), href: href(FLAGS_PATH), testId: 'flag-chain-all' },
          { label: t('viewsGroupFlag.transition'), testId: 'flag-chain-transition' },
        ]}
        label={t('viewsGroupFlag.chain')}
      />
      <FigureControls figures={figures} set={set} withApproach={false} testId="flag-filters" />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('viewsGroupFlag.transition.intro', { from: yearName(years[0]!), to: yearName(fiscalYear) })}
      </Callout>
      <QueryState query={{ ...state, data: totals?.rows }}>
        {lines.length === 0 ? (
          <NonIdealState icon="flag" title={t('viewsGroupFlag.none')} description={t('viewsGroupFlag.noneHint')} />
        ) : (
          <Card className="ghg-table-card" data-testid="flag-transition-chart">
            <h2 className="bp6-heading ghg-section-title">{t('viewsGroupFlag.transition.chart', { unit: symbol })}</h2>
            <GroupedBarChart
              groups={groups}
              series={series}
              ariaLabel={t('viewsGroupFlag.transition.chart', { unit: symbol })}
              formatTick={(v) => intl.formatNumber(v, { maximumFractionDigits: 0 })}
              valueLabel={(g, i) => t('views.chart.yearBar', { year: g.key, name: series[i]!.name, value: amount(lines[i]!.kg[years.indexOf(Number(g.key))]!), unit: symbol })}
            />
          </Card>
        )}
        <Card className="ghg-table-card">
          <h2 className="bp6-heading ghg-section-title">{t('viewsGroupFlag.transition.table', { unit: symbol })}</h2>
          <HTMLTable className="ghg-table" striped data-testid="flag-transition-table">
            <thead>
              <tr>
                {header('name', t('viewsGroupFlag.column.flag'))}
                {years.map((year) => header(`y${year}`, yearName(year), 'right'))}
              </tr>
            </thead>
            <tbody>{sorted.map((line) => row(line, 'td'))}</tbody>
            <tfoot>{footer.map((line) => row(line, 'th'))}</tfoot>
          </HTMLTable>
        </Card>
      </QueryState>
    </>
  );
}
