import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, HTMLTable, Icon, NonIdealState, SegmentedControl } from '@blueprintjs/core';
import { useT } from '../../core/i18n/I18nProvider';
import { categoryName, categoryShortLabel } from '../../core/router/categories';
import { BarChart } from '../../core/ui/BarChart';
import { PageHeader } from '../../core/ui/PageHeader';
import { sortRows } from '../../core/ui/sorting';
import { QueryState, useSort } from '../../core/ui/TableParts';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { useAggregate, type Aggregate, type Scope2Basis } from './api';
import { aggregateCsv, saveCsv } from './csv';

type Column = 'name' | 'lines' | 'co2eKg' | 'share';
type Scope = Aggregate['byScope'][number]['scope'];
/** A chart bar (t-CO2e) with what its tooltip says: the full name and the share of the total. */
interface ChartBar {
  key: string;
  label: string;
  value: number;
  share: number;
  name: string;
}

/**
 * A fiscal year's emissions from the activity lines, of the selected section and its descendants:
 * the gross total, by scope and by category (chart and sortable table with shares), Scope 2 on one
 * basis, the year's offsets beside the total (never subtracted), and the table as CSV.
 */
export default function AggregatePage() {
  const t = useT();
  const intl = useIntl();
  const { companyId, company, fiscalYear, companySectionId, companySection } = useWorkspace();
  const [basis, setBasis] = useState<Scope2Basis>('location');
  const aggregate = useAggregate(companyId, fiscalYear, companySectionId, basis);
  const { sort, header } = useSort<Column>({ key: 'co2eKg', direction: 'desc' });

  const data = aggregate.data;
  const nameOf = (category: keyof typeof categoryName) => t(categoryName[category]);
  const rows = useMemo(
    () => (data?.byCategory ?? []).map((c) => ({ ...c, name: t(categoryName[c.scopeCategory]) })),
    [data, t],
  );
  const sorted = useMemo(() => sortRows(rows, sort, (row, key) => row[key]), [rows, sort]);

  const tonnes = (kg: number) => intl.formatNumber(kg / 1000, { maximumFractionDigits: 3 });
  const kilos = (kg: number) => intl.formatNumber(kg, { maximumFractionDigits: 3 });
  const percent = (share: number) => intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 1 });
  const scopeName = (scope: Scope) => nameOf(scope);
  const scopeBars: ChartBar[] = (data?.byScope ?? []).map((s) => ({ key: s.scope, label: categoryShortLabel(s.scope, nameOf('water')), value: s.co2eKg / 1000, share: s.share, name: scopeName(s.scope) }));
  const categoryBars: ChartBar[] = rows.map((c) => ({ key: c.scopeCategory, label: categoryShortLabel(c.scopeCategory, nameOf('water')), value: c.co2eKg / 1000, share: c.share, name: c.name }));
  const barText = (bars: readonly ChartBar[]) => (bar: { key: string }) => {
    const b = bars.find((x) => x.key === bar.key)!;
    return t('aggregate.chart.bar', { name: b.name, value: intl.formatNumber(b.value, { maximumFractionDigits: 3 }), share: percent(b.share) });
  };

  const download = () => {
    if (!data) return;
    const text = aggregateCsv(
      {
        category: t('aggregate.csv.category'),
        name: t('aggregate.column.category'),
        lines: t('aggregate.column.lines'),
        tCo2e: t('aggregate.column.tCo2e'),
        kgCo2e: t('aggregate.column.kgCo2e'),
        sharePercent: t('aggregate.csv.sharePercent'),
      },
      sorted,
      { scopeCategory: '', name: t('aggregate.total'), lines: data.total.lines, co2eKg: data.total.co2eKg, share: data.total.lines > 0 ? 1 : 0 },
    );
    saveCsv(text, `emission-aggregate-${data.fiscalYear}-${data.basis}.csv`);
  };

  const sectionText = companySection?.name ?? t('header.section.all');
  return (
    <>
      <PageHeader
        subtitle={`${company?.name ?? ''} · ${t('fiscalYear.name', { year: String(fiscalYear) })} · ${sectionText}`}
        actions={
          <>
            <SegmentedControl
              aria-label={t('aggregate.basis.label')}
              value={basis}
              onValueChange={(value) => setBasis(value as Scope2Basis)}
              options={[
                { value: 'location', label: t('aggregate.basis.location') },
                { value: 'market', label: t('aggregate.basis.market') },
              ]}
              data-testid="aggregate-basis"
            />
            <Button icon="download" disabled={!data || data.byCategory.length === 0} onClick={download} data-testid="aggregate-download">
              {t('aggregate.download')}
            </Button>
          </>
        }
      />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('aggregate.intro', { basis: t(basis === 'location' ? 'aggregate.basis.location' : 'aggregate.basis.market') })}
      </Callout>
      {data && data.scope2WithoutBasis > 0 && (
        <Callout intent="warning" className="ghg-page-callout" data-testid="aggregate-without-basis">
          {t('aggregate.withoutBasis', { count: data.scope2WithoutBasis, basis: t(basis === 'location' ? 'aggregate.basis.location' : 'aggregate.basis.market') })}
        </Callout>
      )}
      <QueryState query={{ ...aggregate, data: data?.byCategory }}>
        {data && (
          <>
            <div className="ghg-stat-grid">
              <Card className="ghg-stat">
                <div className="ghg-stat-label">
                  <Icon icon="cloud" size={14} /> {t('aggregate.total')}
                </div>
                <div className="ghg-stat-value" data-testid="aggregate-total" data-kg={data.total.co2eKg}>
                  {t('aggregate.tonnes', { value: tonnes(data.total.co2eKg) })}
                </div>
                <div className="bp6-text-muted" data-testid="aggregate-lines">
                  {t('aggregate.lineCount', { count: data.total.lines })}
                </div>
              </Card>
              {data.byScope.map((s) => (
                <Card key={s.scope} className="ghg-stat" data-testid={`aggregate-scope-${s.scope}`}>
                  <div className="ghg-stat-label ghg-ellipsis">{scopeName(s.scope)}</div>
                  <div className="ghg-stat-value">{t('aggregate.tonnes', { value: tonnes(s.co2eKg) })}</div>
                  <div className="bp6-text-muted">{percent(s.share)}</div>
                </Card>
              ))}
              <Card className="ghg-stat" data-testid="aggregate-offsets">
                <div className="ghg-stat-label">
                  <Icon icon="exchange" size={14} /> {t('aggregate.offsets')}
                </div>
                <div className="ghg-stat-value">{t('aggregate.tonnes', { value: tonnes(data.offsets.co2eKg) })}</div>
                <div className="bp6-text-muted">{t('aggregate.offsetsHint', { count: data.offsets.records })}</div>
              </Card>
            </div>
            {data.byCategory.length === 0 ? (
              <NonIdealState icon="th" title={t('aggregate.empty')} description={t('aggregate.emptyHint')} />
            ) : (
              <>
                <div className="ghg-two-column" style={{ gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' }}>
                  <Card className="ghg-table-card" data-testid="aggregate-chart-scope">
                    <h2 className="bp6-heading ghg-section-title">{t('aggregate.chart.byScope')}</h2>
                    <BarChart data={scopeBars} ariaLabel={t('aggregate.chart.byScope')} valueLabel={barText(scopeBars)} />
                  </Card>
                  <Card className="ghg-table-card" data-testid="aggregate-chart-category">
                    <h2 className="bp6-heading ghg-section-title">{t('aggregate.chart.byCategory')}</h2>
                    <BarChart data={categoryBars} ariaLabel={t('aggregate.chart.byCategory')} valueLabel={barText(categoryBars)} />
                  </Card>
                </div>
                <Card className="ghg-table-card">
                  <HTMLTable className="ghg-table" striped data-testid="aggregate-table">
                    <thead>
                      <tr>
                        {header('name', t('aggregate.column.category'))}
                        {header('lines', t('aggregate.column.lines'), 'right')}
                        {header('co2eKg', t('aggregate.column.tCo2e'), 'right')}
                        <th className="ghg-num">{t('aggregate.column.kgCo2e')}</th>
                        {header('share', t('aggregate.column.share'), 'right')}
                      </tr>
                    </thead>
                    <tbody>
                      {sorted.map((c) => (
                        <tr key={c.scopeCategory} data-testid={`aggregate-row-${c.scopeCategory}`}>
                          <td>{c.name}</td>
                          <td className="ghg-num">{intl.formatNumber(c.lines)}</td>
                          <td className="ghg-num">{tonnes(c.co2eKg)}</td>
                          <td className="ghg-num">{kilos(c.co2eKg)}</td>
                          <td className="ghg-num">{percent(c.share)}</td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <th>{t('aggregate.total')}</th>
                        <th className="ghg-num">{intl.formatNumber(data.total.lines)}</th>
                        <th className="ghg-num">{tonnes(data.total.co2eKg)}</th>
                        <th className="ghg-num">{kilos(data.total.co2eKg)}</th>
                        <th className="ghg-num">{percent(1)}</th>
                      </tr>
                    </tfoot>
                  </HTMLTable>
                </Card>
              </>
            )}
          </>
        )}
      </QueryState>
    </>
  );
}
