import { Callout, NonIdealState } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { PageHeader } from '../../../core/ui/PageHeader';
import { QueryState } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ChartCard } from '../core/ChartCard';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import { ConsolidationNote, FigureControls } from './FigureControls';
import { FigureTable } from './FigureTable';
import { useRegionName } from './regionName';
import { useFigureFormat } from './useFigureFormat';
import { FIRST_PATH, useRegionTotals } from './useRegionTotals';
import { useFigureParams } from './viewParams';

/**
 * /emission/view/region: the group's emissions of the fiscal year, consolidated by the approach
 * chosen, summed by each company's region (companies without one under "region not set"); each
 * region drills into its companies. The total is the API's own (summed by the database).
 */
export default function RegionPage() {
  const t = useT();
  const { fiscalYear } = useWorkspace();
  const { figures, set, href } = useFigureParams();
  const { totals, regions } = useRegionTotals(figures);
  const regionName = useRegionName();
  const { symbol, value, sharePercent } = useFigureFormat(figures.unit);
  const data = totals.data;
  const totalKg = data?.total.co2eKg ?? 0;
  const basisText = t(figures.basis === 'location' ? 'views.basis.location' : 'views.basis.market');

  const rows = regions.map((r) => ({
    key: r.regionKey,
    name: regionName(r.regionKey),
    href: href(FIRST_PATH, { region: r.regionKey }),
    kg: r.kg,
    share: r.share,
    values: { companies: r.companies.length },
  }));
  const companyCount = regions.reduce((n, r) => n + r.companies.length, 0);

  const downloadTables = (): DownloadTable[] => [
    {
      sheet: t('viewsRegion.column.region'),
      heading: [t('viewsRegion.column.region'), t('viewsRegion.column.companies'), t('views.column.emission', { unit: symbol }), t('views.csv.sharePercent')],
      rows: [...rows.map((r) => [r.name, r.values.companies, value(r.kg), sharePercent(r.share)]), [t('views.total'), companyCount, value(totalKg), totalKg > 0 ? 100 : 0]],
    },
  ];

  return (
    <>
      <PageHeader
        subtitle={t('views.scopeGroup', { year: String(fiscalYear) })}
        actions={<ViewDownload fileBase={`emissions-by-region-${fiscalYear}-${figures.approach}-${figures.basis}-${figures.unit}`} tables={downloadTables} disabled={rows.length === 0} testId="region-download" />}
      />
      <FigureControls figures={figures} set={set} withApproach testId="region-filters" />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('viewsRegion.intro', { basis: basisText })}
      </Callout>
      {data && <ConsolidationNote totals={data} testId="region-consolidation" />}
      <QueryState query={{ ...totals, data: data?.rows }}>
        {totalKg === 0 ? (
          <NonIdealState icon="globe" title={t('views.empty')} description={t('views.emptyHint')} />
        ) : (
          <>
            <ChartCard title={t('viewsRegion.chart.regions', { unit: symbol })} testId="region-chart" bars={rows.map((r) => ({ key: r.key, label: r.name, value: value(r.kg) }))} unit={figures.unit} />
            <FigureTable
              testId="region-table"
              rows={rows}
              nameHeader={t('viewsRegion.column.region')}
              columns={[{ key: 'companies', header: t('viewsRegion.column.companies'), numeric: true }]}
              footer={[{ key: 'total', label: t('views.total'), kg: totalKg, share: totalKg > 0 ? 1 : 0, values: { companies: companyCount } }]}
              unit={figures.unit}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
