import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '../../../core/ui/AsOfLink';
import { Callout, Card, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import { useT } from '../../../core/i18n/I18nProvider';
import { categoryName, categoryShortLabel, type CategoryKey } from '../../../core/router/categories';
import { PageHeader } from '../../../core/ui/PageHeader';
import { sortRows } from '../../../core/ui/sorting';
import { QueryState, useSort } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { inUnit, unitDigits, unitSymbol, type EmissionUnit } from '../core/filters';
import { ChartCard } from '../core/ChartCard';
import { BasisSwitch, UnitSwitch } from '../core/ViewControls';
import { useTotals, type Scope2Basis } from '../core/totals';
import { SCOPE_DETAIL_PAGES, type DetailCategory } from './detailPages';

type Column = 'name' | 'lines' | 'co2eKg';

/**
 * Emissions by scope and category for the fiscal year (of the header's section), each category with
 * links to its detail pages; chart, sortable table and CSV.
 */
export default function ScopePage() {
  const t = useT();
  const intl = useIntl();
  const { companyId, company, fiscalYear, companySectionId, companySection } = useWorkspace();
  const [basis, setBasis] = useState<Scope2Basis>('location');
  const [unit, setUnit] = useState<EmissionUnit>('t');
  const totals = useTotals(companyId, { fromYear: fiscalYear, of: 'company', basis, approach: 'operational', groupBy: ['category'], limit: 0, ...(companySectionId ? { sectionId: companySectionId } : {}) });
  const { sort, header } = useSort<Column>({ key: 'name', direction: 'asc' });
  const data = totals.data;
  const symbol = unitSymbol[unit];
  const number = (kg: number) => intl.formatNumber(inUnit(kg, unit), { maximumFractionDigits: unitDigits[unit] });

  // Every category, in catalogue order, whether it has lines or not: each has its pages.
  const rows = useMemo(
    () =>
      (Object.keys(SCOPE_DETAIL_PAGES) as DetailCategory[]).map((key, order) => {
        const row = data?.rows.find((r) => r.scopeCategory === key);
        return { key, order, name: t(categoryName[key]), lines: row?.lines ?? 0, co2eKg: row?.co2eKg ?? 0 };
      }),
    [data, t],
  );
  const sorted = useMemo(() => sortRows(rows, sort, (row, key) => (key === 'name' ? row.order : row[key])), [rows, sort]);

  const downloadTables = (): DownloadTable[] => {
    if (!data) return [];
    const heading = [t('views.csv.code'), t('views.column.category'), t('views.column.lines'), t('views.column.emission', { unit: symbol })];
    return [{ sheet: t('views.column.category'), heading, rows: [...sorted.map((r) => [r.key, r.name, r.lines, inUnit(r.co2eKg, unit)]), ['', t('views.total'), data.total.lines, inUnit(data.total.co2eKg, unit)]] }];
  };

  return (
    <>
      <PageHeader
        subtitle={t('views.scopeCompany', { company: company?.name ?? '', year: String(fiscalYear), section: companySection?.name ?? t('header.section.all') })}
        actions={
          <ViewDownload fileBase={`emissions-by-scope-${fiscalYear}-${basis}-${unit}`} tables={downloadTables} disabled={!data} digits={unit === 't' ? 6 : 3} testId="scope-download" />
        }
      />
      <div className="ghg-toolbar-start">
        <BasisSwitch value={basis} onChange={setBasis} testId="scope-basis" />
        <UnitSwitch value={unit} onChange={setUnit} />
      </div>
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('views.scope.intro', { basis: t(basis === 'location' ? 'views.basis.location' : 'views.basis.market') })}
      </Callout>
      <QueryState query={{ ...totals, data: data?.rows }}>
        {data && data.rows.length === 0 && <NonIdealState icon="th" title={t('views.empty')} description={t('views.emptyHint')} />}
        {data && data.rows.length > 0 && (
          <ChartCard
            title={t('views.chart.byCategory', { unit: symbol })}
            testId="scope-chart"
            bars={rows.filter((r) => r.lines > 0).map((r) => ({ key: r.key, label: categoryShortLabel(r.key, r.name), value: inUnit(r.co2eKg, unit) }))}
            unit={unit}
            nameOf={(bar) => t(categoryName[bar.key as CategoryKey])}
          />
        )}
        <Card className="ghg-table-card">
          <HTMLTable className="ghg-table" striped data-testid="scope-table">
            <thead>
              <tr>
                {header('name', t('views.column.category'))}
                {header('lines', t('views.column.lines'), 'right')}
                {header('co2eKg', t('views.column.emission', { unit: symbol }), 'right')}
                <th>{t('views.scope.details')}</th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((r) => (
                <tr key={r.key} data-testid={`scope-row-${r.key}`} data-kg={r.co2eKg}>
                  <td>{r.name}</td>
                  <td className="ghg-num">{intl.formatNumber(r.lines)}</td>
                  <td className="ghg-num">{number(r.co2eKg)}</td>
                  <td>
                    {SCOPE_DETAIL_PAGES[r.key].map((page, i) => (
                      <Link key={page.title} className="ghg-inline-link" to={`/emission/view/scope/detail/${r.key}/${i + 1}`} data-testid={`scope-detail-${r.key}-${i + 1}`}>
                        {t(page.title)}
                      </Link>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
            {data && (
              <tfoot>
                <tr>
                  <th>{t('views.total')}</th>
                  <th className="ghg-num">{intl.formatNumber(data.total.lines)}</th>
                  <th className="ghg-num" data-testid="scope-total" data-kg={data.total.co2eKg}>
                    {number(data.total.co2eKg)}
                  </th>
                  <th />
                </tr>
              </tfoot>
            )}
          </HTMLTable>
        </Card>
      </QueryState>
    </>
  );
}
