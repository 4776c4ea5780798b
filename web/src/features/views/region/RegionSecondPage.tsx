import { Callout } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { PageHeader } from '../../../core/ui/PageHeader';
import { QueryState } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ChartCard } from '../core/ChartCard';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import { flattenTree } from '../division/divisionTree';
import { CompanyGate, RegionFrame } from './RegionFrame';
import { useRegionName } from './regionName';
import { SectionTreeTable } from './SectionTreeTable';
import { useCompanySectionTree } from './useCompanySections';
import { useFigureFormat } from './useFigureFormat';
import { THIRD_PATH, useRegionChain, useRegionTotals } from './useRegionTotals';
import { useFigureParams } from './viewParams';

/**
 * /emission/view/region/detail/second?region=…&companyId=…: one company of the region, its
 * sections as a tree (top level and below) with their consolidated emission (the group's figures,
 * `of=group`, grouped by company and section, this company's rows); each section drills into its
 * own page. Sections the tree does not list (none, unless deleted with lines left) show as a
 * remainder, so the table adds up to the company's figure.
 */
export default function RegionSecondPage() {
  const t = useT();
  const { fiscalYear } = useWorkspace();
  const { params, figures, set, href } = useFigureParams();
  const regionKey = params.get('region') ?? '';
  const companyId = params.get('companyId') ?? '';
  const regionName = useRegionName();
  const { totals: byCompany, companies } = useRegionTotals(figures);
  const { bySection, selected, sections, roots, remainderKg } = useCompanySectionTree(figures, companyId);
  const { symbol, value, percent, sharePercent } = useFigureFormat(figures.unit);
  const company = companies.find((c) => c.companyId === companyId);
  const companyKg = company?.kg ?? 0;

  const chain = useRegionChain(href, { regionKey, company: company && { id: company.companyId, name: company.name } });
  // The chart compares the sections one level below the top (全社's departments), and top sections without any.
  const charted = roots.flatMap((r) => (r.children.length > 0 ? r.children : [r]));
  const share = (kg: number) => (companyKg > 0 ? kg / companyKg : 0);
  const footer = [
    ...(remainderKg !== 0 ? [{ key: 'not-listed', label: t('viewsRegion.sectionsNotListed'), kg: remainderKg, share: share(remainderKg) }] : []),
    { key: 'total', label: t('views.total'), kg: companyKg, share: companyKg > 0 ? 1 : 0 },
  ];
  const hrefOf = (sectionId: string) => href(THIRD_PATH, { region: regionKey, companyId, sectionId });

  const downloadTables = (): DownloadTable[] => [
    {
      sheet: t('views.division.column.section'),
      heading: [t('views.division.column.section'), t('views.division.column.depth'), t('views.division.column.emission', { unit: symbol }), t('views.division.column.children', { unit: symbol }), t('views.division.column.subtotal', { unit: symbol }), t('views.csv.sharePercent')],
      rows: [
        ...flattenTree(roots, () => 0).map((n) => [n.displayName, n.depth, value(n.emission), value(n.childTotalEmission), value(n.subtotal), sharePercent(share(n.subtotal))]),
        ...footer.map((line) => [line.label, '', '', '', value(line.kg), sharePercent(line.share)]),
      ],
    },
  ];

  const query = { isPending: byCompany.isPending || bySection.isPending, isError: byCompany.isError || bySection.isError, error: byCompany.error ?? bySection.error, data: bySection.data?.rows };
  return (
    <>
      <PageHeader
        subtitle={t('viewsRegion.subtitle.company', { company: company?.name ?? '', region: regionName(regionKey), year: String(fiscalYear) })}
        actions={<ViewDownload fileBase={`emissions-of-company-by-section-${fiscalYear}-${figures.approach}-${figures.basis}-${figures.unit}`} tables={downloadTables} disabled={!selected || roots.length === 0} testId="region-second-download" />}
      />
      <RegionFrame chain={chain} figures={figures} set={set} totals={byCompany.data} />
      <QueryState query={query}>
        <CompanyGate company={company} selected={selected} sections={sections} unit={figures.unit}>
          {(company) => (
            <>
              <Callout icon="info-sign" className="ghg-page-callout">
                {t('viewsRegion.second.intro', { company: company.name, weight: percent(company.weight) })}
              </Callout>
              {charted.length > 0 && (
                <ChartCard title={t('views.division.chart', { unit: symbol })} testId="region-second-chart" bars={charted.map((n) => ({ key: n.id, label: n.displayName, value: value(n.subtotal) }))} unit={figures.unit} />
              )}
              <SectionTreeTable testId="region-second-table" roots={roots} ofKg={companyKg} hrefOf={(n) => hrefOf(n.id)} footer={footer} unit={figures.unit} />
            </>
          )}
        </CompanyGate>
      </QueryState>
    </>
  );
}
