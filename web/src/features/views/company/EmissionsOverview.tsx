import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Callout, Card, HTMLSelect, HTMLTable, Icon, NonIdealState, SegmentedControl } from '@blueprintjs/core';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import { useGroupApproach } from '../../../core/consolidation/approach';
import { approachName } from '../../../core/i18n/names';
import { useT } from '../../../core/i18n/I18nProvider';
import { categoryName, categoryShortLabel, type CategoryKey } from '../../../core/router/categories';
import { GroupedBarChart } from '../../../core/ui/GroupedBarChart';
import { PageHeader } from '../../../core/ui/PageHeader';
import { sortRows } from '../../../core/ui/sorting';
import { QueryState, useSort } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { GoalProgress } from './GoalProgress';
import { calendarMonth, inUnit, trendYears, unitDigits, unitSymbol, type ViewFilters } from '../core/filters';
import { ChartCard } from '../core/ChartCard';
import { BasisSwitch, FiguresSwitch, UnitSwitch } from '../core/ViewControls';
import { useTotals, type Consolidation, type TotalsQuery } from '../core/totals';

type Column = 'name' | 'lines' | 'co2eKg' | 'share';
/** The page's filters; `approach` null until the user picks one: then the group's chosen approach. */
type Filters = Omit<ViewFilters, 'approach'> & { approach: Consolidation | null };
const SCOPES = ['1', '2', '3'] as const;

/**
 * The emissions of the selected company (of the header's section) or of the whole group,
 * consolidated by the approach chosen, for the selected fiscal year: totals by scope and category,
 * by month, the last five fiscal years side by side, progress against the reduction goals, and the
 * category table as CSV. Gross figures; offsets beside them. Refreshed live by `activity/lines`.
 */
export function EmissionsOverview({ initialOf, section }: { initialOf: ViewFilters['of']; section?: { id: string; name: string } }) {
  const t = useT();
  const intl = useIntl();
  const workspace = useWorkspace();
  const { companyId, company, companies, fiscalYear, startMonth } = workspace;
  // A section's own page (division detail) shows that section, else the header's.
  const companySectionId = section ? section.id : workspace.companySectionId;
  const sectionName = section ? section.name : workspace.companySection?.name;
  const [filters, setFilters] = useState<Filters>({ of: initialOf, approach: null, basis: 'location', unit: 't', figures: 'gross' });
  const set = <K extends keyof Filters>(key: K) => (value: Filters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  // The approach the group chose (GET /api/companies, which the workspace loads too) until the user picks another.
  const groupApproach = useGroupApproach();
  const approach = filters.approach ?? groupApproach;
  // One company only, or one section's page: there is no group to consolidate.
  const canGroup = companies.length > 1 && !section;
  const of = canGroup ? filters.of : 'company';
  const base: TotalsQuery = {
    fromYear: fiscalYear,
    of,
    basis: filters.basis,
    approach,
    groupBy: [],
    limit: 0,
    ...(of === 'company' && companySectionId ? { sectionId: companySectionId } : {}),
  };
  const byCategory = useTotals(companyId, { ...base, groupBy: ['category'] });
  const byMonth = useTotals(companyId, { ...base, groupBy: ['month'] });
  const byYear = useTotals(companyId, { ...base, fromYear: trendYears(fiscalYear)[0]!, toYear: fiscalYear, groupBy: ['fiscalYear', 'scope'] });
  const { sort, header } = useSort<Column>({ key: 'co2eKg', direction: 'desc' });

  const unitText = unitSymbol[filters.unit];
  const number = (value: number, digits = unitDigits[filters.unit]) => intl.formatNumber(value, { maximumFractionDigits: digits });
  const amount = (kg: number) => number(inUnit(kg, filters.unit));
  /** A figure in kg, in the unit chosen, with its symbol. */
  const withUnit = (kg: number) => `${amount(kg)} ${unitText}`;
  const percent = (share: number) => intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 1 });
  const nameOf = (key: CategoryKey) => t(categoryName[key]);
  const basisText = t(filters.basis === 'location' ? 'views.basis.location' : 'views.basis.market');

  const data = byCategory.data;
  const total = data?.total.co2eKg ?? 0;
  const rows = useMemo(
    () => (data?.rows ?? []).map((r) => ({ key: r.scopeCategory!, name: t(categoryName[r.scopeCategory!]), lines: r.lines, co2eKg: r.co2eKg, share: total > 0 ? r.co2eKg / total : 0 })),
    [data, t, total],
  );
  const sorted = useMemo(() => sortRows(rows, sort, (row, key) => row[key]), [rows, sort]);
  const yearOffsets = data?.offsets.find((o) => o.fiscalYear === fiscalYear) ?? { co2eKg: 0, records: 0 };
  // Offsets are company-wide: a section's figures are never netted by them.
  const canNet = !companySectionId || of === 'group';
  const net = canNet && filters.figures === 'net';
  const netKg = total - yearOffsets.co2eKg;
  const scopeKg = (scope: (typeof SCOPES)[number] | 'water', year = fiscalYear) =>
    (byYear.data?.rows ?? []).filter((r) => r.fiscalYear === year && r.scope === scope).reduce((kg, r) => kg + r.co2eKg, 0);

  const categoryBars = rows.map((r) => ({ key: r.key, label: categoryShortLabel(r.key, nameOf('water')), value: inUnit(r.co2eKg, filters.unit) }));
  const monthBars = Array.from({ length: 12 }, (_, i) => {
    const month = calendarMonth(i + 1, startMonth);
    const kg = byMonth.data?.rows.find((r) => r.month === i + 1)?.co2eKg ?? 0;
    return { key: String(i + 1), label: intl.formatDate(new Date(2000, month - 1, 1), { month: 'short' }), value: inUnit(kg, filters.unit) };
  });
  const years = trendYears(fiscalYear);
  const yearGroups = years.map((year) => ({ key: String(year), label: t('fiscalYear.name', { year: String(year) }), values: SCOPES.map((s) => inUnit(scopeKg(s, year), filters.unit)) }));
  const yearSeries = SCOPES.map((s, i) => ({ name: nameOf(s), className: `ghg-chart-series-${i}` }));

  const consolidation = data && of === 'group' && (
    <Callout icon="diagram-tree" className="ghg-page-callout" data-testid="views-consolidation">
      {t('views.consolidated', {
        // The approach the figures shown were consolidated by (the answer names it), marked when it is the group's own.
        approach: data.approach === groupApproach ? t('views.approach.groupChosen', { approach: t(approachName[groupApproach]) }) : t(approachName[data.approach ?? approach]),
        companies: data.companies.map((c) => t('views.consolidated.company', { name: c.name, weight: percent(c.weight) })).join(', '),
      })}
    </Callout>
  );

  const downloadTables = (): DownloadTable[] => {
    if (!data) return [];
    const heading = [t('views.csv.code'), t('views.column.category'), t('views.column.lines'), t('views.column.emission', { unit: unitText }), t('views.csv.sharePercent')];
    const line = (code: string, name: string, lines: number, kg: number, share: number) => [code, name, lines, inUnit(kg, filters.unit), Number((share * 100).toFixed(2))];
    const netRows = net ? [['', t('views.figures.offsetsDeducted'), '', -inUnit(yearOffsets.co2eKg, filters.unit), ''], ['', t('views.figures.netTotal'), '', inUnit(netKg, filters.unit), '']] : [];
    return [{ sheet: t('views.column.category'), heading, rows: [...sorted.map((r) => line(r.key, r.name, r.lines, r.co2eKg, r.share)), line('', t('views.total'), data.total.lines, data.total.co2eKg, data.total.lines > 0 ? 1 : 0), ...netRows] }];
  };

  const subtitle = of === 'group' ? t('views.scopeGroup', { year: String(fiscalYear) }) : t('views.scopeCompany', { company: company?.name ?? '', year: String(fiscalYear), section: sectionName ?? t('header.section.all') });
  return (
    <>
      <PageHeader
        subtitle={subtitle}
        actions={
          <ViewDownload fileBase={`emissions-${of}-${fiscalYear}-${filters.basis}-${filters.unit}`} tables={downloadTables} disabled={!data || data.rows.length === 0} digits={filters.unit === 't' ? 6 : 3} testId="views-download" />
        }
      />
      <div className="ghg-toolbar-start" data-testid="views-filters">
        {canGroup && (
          <SegmentedControl
            aria-label={t('views.filter.of')}
            value={of}
            onValueChange={(v) => set('of')(v as ViewFilters['of'])}
            options={[
              { value: 'company', label: t('views.filter.of.company') },
              { value: 'group', label: t('views.filter.of.group') },
            ]}
            data-testid="views-of"
          />
        )}
        {of === 'group' && (
          <HTMLSelect aria-label={t('views.filter.approach')} value={approach} onChange={(e) => set('approach')(e.currentTarget.value as Consolidation)} data-testid="views-approach">
            {Object.entries(approachName).map(([a, name]) => (
              <option key={a} value={a}>
                {t(name)}
              </option>
            ))}
          </HTMLSelect>
        )}
        <BasisSwitch value={filters.basis} onChange={set('basis')} testId="views-basis" />
        <UnitSwitch value={filters.unit} onChange={set('unit')} testId="views-unit" />
        <FiguresSwitch value={net ? 'net' : 'gross'} onChange={set('figures')} disabled={!canNet} testId="views-figures" />
      </div>
      {!canNet && (
        <Callout className="ghg-page-callout" data-testid="views-net-section">
          {t('views.figures.sectionHint')}
        </Callout>
      )}
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('views.intro', { basis: basisText })}
      </Callout>
      {consolidation}
      {data && data.total.withoutBasis > 0 && (
        <Callout intent="warning" className="ghg-page-callout" data-testid="views-without-basis">
          {t('views.withoutBasis', { count: data.total.withoutBasis, basis: basisText })}
        </Callout>
      )}
      <QueryState query={{ ...byCategory, data: data?.rows }}>
        {data && (
          <>
            <div className="ghg-stat-grid">
              <Card className="ghg-stat">
                <div className="ghg-stat-label">
                  <Icon icon="cloud" size={14} /> {t('views.total')}
                </div>
                <div className="ghg-stat-value" data-testid="views-total" data-kg={data.total.co2eKg}>
                  {withUnit(data.total.co2eKg)}
                </div>
                <div className="bp6-text-muted">{t('views.lineCount', { count: data.total.lines })}</div>
              </Card>
              {net && (
                <Card className="ghg-stat" data-testid="views-net">
                  <div className="ghg-stat-label">
                    <Icon icon="tree" size={14} /> {t('views.figures.netTotal')}
                  </div>
                  <div className="ghg-stat-value" data-testid="views-net-total" data-kg={netKg}>
                    {withUnit(netKg)}
                  </div>
                  <div className="bp6-text-muted">{t('views.figures.netArithmetic', { gross: withUnit(total), offsets: withUnit(yearOffsets.co2eKg) })}</div>
                </Card>
              )}
              {SCOPES.map((s) => (
                <Card key={s} className="ghg-stat" data-testid={`views-scope-${s}`}>
                  <div className="ghg-stat-label ghg-ellipsis">{nameOf(s)}</div>
                  <div className="ghg-stat-value">{withUnit(scopeKg(s))}</div>
                  <div className="bp6-text-muted">{percent(total > 0 ? scopeKg(s) / total : 0)}</div>
                </Card>
              ))}
              <Card className="ghg-stat" data-testid="views-offsets">
                <div className="ghg-stat-label">
                  <Icon icon="exchange" size={14} /> {t('views.offsets')}
                </div>
                <div className="ghg-stat-value">{withUnit(yearOffsets.co2eKg)}</div>
                <div className="bp6-text-muted">
                  {t('views.offsetsHint', { count: yearOffsets.records })} · {t('views.netBeside', { value: withUnit(data.total.co2eKg - yearOffsets.co2eKg) })}
                </div>
              </Card>
            </div>
            {data.rows.length === 0 ? (
              <NonIdealState icon="th" title={t('views.empty')} description={t('views.emptyHint')} />
            ) : (
              <>
                <div className="ghg-two-column" style={{ gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' }}>
                  <ChartCard title={t('views.chart.byCategory', { unit: unitText })} testId="views-chart-category" bars={categoryBars} unit={filters.unit} nameOf={(bar) => nameOf(bar.key as CategoryKey)} />
                  <ChartCard title={t('views.chart.byMonth', { year: String(fiscalYear), unit: unitText })} testId="views-chart-month" bars={monthBars} unit={filters.unit} />
                </div>
                <Card className="ghg-table-card">
                  <HTMLTable className="ghg-table" striped data-testid="views-table">
                    <thead>
                      <tr>
                        {header('name', t('views.column.category'))}
                        {header('lines', t('views.column.lines'), 'right')}
                        {header('co2eKg', t('views.column.emission', { unit: unitText }), 'right')}
                        {header('share', t('views.column.share'), 'right')}
                      </tr>
                    </thead>
                    <tbody>
                      {sorted.map((r) => (
                        <tr key={r.key} data-testid={`views-row-${r.key}`}>
                          <td>{r.name}</td>
                          <td className="ghg-num">{intl.formatNumber(r.lines)}</td>
                          <td className="ghg-num" data-kg={r.co2eKg}>
                            {amount(r.co2eKg)}
                          </td>
                          <td className="ghg-num">{percent(r.share)}</td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <th>{t('views.total')}</th>
                        <th className="ghg-num">{intl.formatNumber(data.total.lines)}</th>
                        <th className="ghg-num">{amount(data.total.co2eKg)}</th>
                        <th className="ghg-num">{percent(1)}</th>
                      </tr>
                      {net && (
                        <>
                          <tr data-testid="views-table-offsets">
                            <td>{t('views.figures.offsetsDeducted')}</td>
                            <td />
                            <td className="ghg-num">−{amount(yearOffsets.co2eKg)}</td>
                            <td />
                          </tr>
                          <tr>
                            <th>{t('views.figures.netTotal')}</th>
                            <th />
                            <th className="ghg-num" data-testid="views-table-net" data-kg={netKg}>
                              {amount(netKg)}
                            </th>
                            <th />
                          </tr>
                        </>
                      )}
                    </tfoot>
                  </HTMLTable>
                </Card>
              </>
            )}
            <Card className="ghg-table-card" data-testid="views-chart-years">
              <h2 className="bp6-heading ghg-section-title">{t('views.chart.years', { unit: unitText })}</h2>
              <GroupedBarChart
                groups={yearGroups}
                series={yearSeries}
                ariaLabel={t('views.chart.years', { unit: unitText })}
                formatTick={(v) => number(v, 0)}
                valueLabel={(g, i) => t('views.chart.yearBar', { year: g.key, name: yearSeries[i]!.name, value: number(g.values[i]!), unit: unitText })}
              />
            </Card>
            <GoalProgress
              fiscalYear={fiscalYear}
              companyWide={of === 'company' && !companySectionId}
              emissionKg={(key) => (key === '1' || key === '2' || key === '3' ? scopeKg(key) : (rows.find((r) => r.key === key)?.co2eKg ?? 0))}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
