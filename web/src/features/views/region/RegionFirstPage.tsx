import { Callout, NonIdealState } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { PageHeader } from '../../../core/ui/PageHeader';
import { QueryState } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ChartCard } from '../core/ChartCard';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import { FigureTable } from './FigureTable';
import { RegionFrame } from './RegionFrame';
import { useRegionName } from './regionName';
import { useFigureFormat } from './useFigureFormat';
import { SECOND_PATH, useRegionChain, useRegionTotals } from './useRegionTotals';
import { useFigureParams } from './viewParams';

/**
 * /emission/view/region/detail/first?region=…: the companies of one region, each with its
 * consolidated emission (its own × its weight by the approach chosen), its weight and its share of
 * the region; each company drills into its sections.
 */
export default function RegionFirstPage() {
  const t = useT();
  const { fiscalYear } = useWorkspace();
  const { params, figures, set, href } = useFigureParams();
  const regionKey = params.get('region') ?? '';
  const { totals, regions } = useRegionTotals(figures);
  const regionName = useRegionName();
  const { symbol, value, percent, sharePercent } = useFigureFormat(figures.unit);
  const chain = useRegionChain(href, { regionKey });
  const data = totals.data;
  const region = regions.find((r) => r.regionKey === regionKey);
  const regionKg = region?.kg ?? 0;
  const shareOfRegion = (kg: number) => (regionKg > 0 ? kg / regionKg : 0);
  const rows = (region?.companies ?? []).map((c) => ({
    key: c.companyId,
    name: c.name,
    href: href(SECOND_PATH, { region: regionKey, companyId: c.companyId }),
    kg: c.kg,
    share: shareOfRegion(c.kg),
    values: { weight: c.weight },
  }));

  const downloadTables = (): DownloadTable[] => [
    {
      sheet: t('viewsRegion.column.company'),
      heading: [t('viewsRegion.column.company'), t('viewsRegion.column.weightPercent'), t('views.column.emission', { unit: symbol }), t('views.csv.sharePercent')],
      rows: [...rows.map((r) => [r.name, sharePercent(r.values.weight), value(r.kg), sharePercent(r.share)]), [t('views.total'), '', value(regionKg), regionKg > 0 ? 100 : 0]],
    },
  ];

  return (
    <>
      <PageHeader
        subtitle={t('viewsRegion.subtitle.region', { region: regionName(regionKey), year: String(fiscalYear) })}
        actions={<ViewDownload fileBase={`emissions-of-region-${regionKey}-${fiscalYear}-${figures.approach}-${figures.basis}-${figures.unit}`} tables={downloadTables} disabled={rows.length === 0} testId="region-first-download" />}
      />
      <RegionFrame chain={chain} figures={figures} set={set} totals={data} />
      <QueryState query={{ ...totals, data: data?.rows }}>
        {!region ? (
          <NonIdealState icon="globe" title={t('viewsRegion.noRegion')} description={t('viewsRegion.noRegionHint')} />
        ) : (
          <>
            <Callout icon="info-sign" className="ghg-page-callout">
              {t('viewsRegion.first.intro', { region: regionName(regionKey) })}
            </Callout>
            <ChartCard title={t('viewsRegion.chart.companies', { region: regionName(regionKey), unit: symbol })} testId="region-first-chart" bars={rows.map((r) => ({ key: r.key, label: r.name, value: value(r.kg) }))} unit={figures.unit} />
            <FigureTable
              testId="region-first-table"
              rows={rows}
              nameHeader={t('viewsRegion.column.company')}
              columns={[{ key: 'weight', header: t('viewsRegion.column.weight'), numeric: true, format: (w) => percent(Number(w)) }]}
              footer={[{ key: 'total', label: t('views.total'), kg: regionKg, share: regionKg > 0 ? 1 : 0 }]}
              unit={figures.unit}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
