import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '../../../core/ui/AsOfLink';
import { Callout, Card, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import { useT } from '../../../core/i18n/I18nProvider';
import { PageHeader } from '../../../core/ui/PageHeader';
import { compareValues } from '../../../core/ui/sorting';
import { QueryState, useSort } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useViewSections } from '../core/viewSections';
import { inUnit, unitDigits, unitSymbol, type EmissionUnit } from '../core/filters';
import { ChartCard } from '../core/ChartCard';
import { BasisSwitch, UnitSwitch } from '../core/ViewControls';
import { useTotals, type Scope2Basis } from '../core/totals';
import { divisionTree, findNode, flattenTree, type DivisionNode } from './divisionTree';

type Column = 'name' | 'emission' | 'childTotalEmission' | 'subtotal' | 'ratio';

/**
 * The selected company's section tree for the fiscal year (of the header's section and below when
 * one is chosen): per section its own emission, its descendants' total (childTotalEmission), and
 * the share of the total its subtree makes up; siblings sort by any column; a chart of the top
 * sections; each section drills into its own view; the table as CSV.
 */
export default function DivisionPage() {
  const t = useT();
  const intl = useIntl();
  const { companyId, company, fiscalYear, companySectionId, companySection } = useWorkspace();
  const { sections } = useViewSections();
  const [basis, setBasis] = useState<Scope2Basis>('location');
  const [unit, setUnit] = useState<EmissionUnit>('t');
  const totals = useTotals(companyId, { fromYear: fiscalYear, of: 'company', basis, approach: 'operational', groupBy: ['section'], limit: 0 });
  const { sort, header } = useSort<Column>({ key: 'subtotal', direction: 'desc' });

  const data = totals.data;
  const roots = useMemo(() => {
    const kgBySection = new Map((data?.rows ?? []).map((r) => [r.sectionId!, r.co2eKg]));
    const all = divisionTree(sections, kgBySection, data?.total.co2eKg ?? 0);
    const chosen = companySectionId ? findNode(all, companySectionId) : null;
    return chosen ? [chosen] : all;
  }, [data, sections, companySectionId]);
  const rows = useMemo(() => {
    const factor = sort.direction === 'asc' ? 1 : -1;
    return flattenTree(roots, (a, b) => compareValues(a[sort.key], b[sort.key]) * factor);
  }, [roots, sort]);
  // The figures of the tree shown: the whole company's, or those of the section chosen in the header.
  const shownKg = roots.reduce((kg, n) => kg + n.subtotal, 0);
  // The chart compares the sections one level below the top (全社's departments), and top sections without any.
  const charted = roots.flatMap((r) => (r.children.length > 0 ? r.children : [r]));

  const number = (kg: number) => intl.formatNumber(inUnit(kg, unit), { maximumFractionDigits: unitDigits[unit] });
  const percent = (ratio: number) => intl.formatNumber(ratio / 100, { style: 'percent', maximumFractionDigits: 1 });
  const symbol = unitSymbol[unit];
  const basisText = t(basis === 'location' ? 'views.basis.location' : 'views.basis.market');

  const downloadTables = (): DownloadTable[] => {
    const heading = [t('views.division.column.section'), t('views.division.column.depth'), t('views.division.column.emission', { unit: symbol }), t('views.division.column.children', { unit: symbol }), t('views.division.column.subtotal', { unit: symbol }), t('views.csv.sharePercent')];
    const line = (n: DivisionNode) => [n.displayName, n.depth, inUnit(n.emission, unit), inUnit(n.childTotalEmission, unit), inUnit(n.subtotal, unit), Number(n.ratio.toFixed(2))];
    return [{ sheet: t('views.division.column.section'), heading, rows: rows.map(line) }];
  };

  return (
    <>
      <PageHeader
        subtitle={t('views.scopeCompany', { company: company?.name ?? '', year: String(fiscalYear), section: companySection?.name ?? t('header.section.all') })}
        actions={
          <ViewDownload fileBase={`emissions-by-division-${fiscalYear}-${basis}-${unit}`} tables={downloadTables} disabled={rows.length === 0} digits={unit === 't' ? 6 : 3} testId="division-download" />
        }
      />
      <div className="ghg-toolbar-start">
        <BasisSwitch value={basis} onChange={setBasis} testId="division-basis" />
        <UnitSwitch value={unit} onChange={setUnit} testId="division-unit" />
      </div>
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('views.division.intro', { basis: basisText })}
      </Callout>
      <QueryState query={{ ...totals, data: data?.rows }}>
        {rows.length === 0 ? (
          <NonIdealState icon="diagram-tree" title={t('views.empty')} description={t('views.emptyHint')} />
        ) : (
          <>
            {charted.length > 0 && (
              <ChartCard title={t('views.division.chart', { unit: symbol })} testId="division-chart" bars={charted.map((n) => ({ key: n.id, label: n.displayName, value: inUnit(n.subtotal, unit) }))} unit={unit} />
            )}
            <Card className="ghg-table-card">
              <HTMLTable className="ghg-table" striped data-testid="division-table">
                <thead>
                  <tr>
                    {header('name', t('views.division.column.section'))}
                    {header('emission', t('views.division.column.emission', { unit: symbol }), 'right')}
                    {header('childTotalEmission', t('views.division.column.children', { unit: symbol }), 'right')}
                    {header('subtotal', t('views.division.column.subtotal', { unit: symbol }), 'right')}
                    {header('ratio', t('views.column.share'), 'right')}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((n) => (
                    <tr key={n.id} data-testid={`division-row-${n.name}`} data-kg={n.emission} data-children-kg={n.childTotalEmission} data-ratio={n.ratio}>
                      <td style={{ paddingLeft: 12 + n.depth * 20 }}>
                        <Link to={`/emission/view/division/detail?sectionId=${encodeURIComponent(n.id)}`} data-testid={`division-link-${n.name}`}>
                          {n.displayName}
                        </Link>
                      </td>
                      <td className="ghg-num">{number(n.emission)}</td>
                      <td className="ghg-num">{number(n.childTotalEmission)}</td>
                      <td className="ghg-num">{number(n.subtotal)}</td>
                      <td className="ghg-num">{percent(n.ratio)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th>{t('views.total')}</th>
                    <th />
                    <th />
                    <th className="ghg-num" data-testid="division-total" data-kg={shownKg}>
                      {number(shownKg)}
                    </th>
                    <th className="ghg-num">{percent(data && data.total.co2eKg > 0 ? (100 * shownKg) / data.total.co2eKg : 0)}</th>
                  </tr>
                </tfoot>
              </HTMLTable>
            </Card>
          </>
        )}
      </QueryState>
    </>
  );
}
