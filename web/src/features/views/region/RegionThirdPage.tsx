import { Callout, NonIdealState } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { PageHeader } from '../../../core/ui/PageHeader';
import { QueryState } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import { findNode, flattenTree } from '../division/divisionTree';
import { CategoryFigures, useCategoryTable } from './CategoryFigures';
import { CompanyGate, RegionFrame } from './RegionFrame';
import { useRegionName } from './regionName';
import { sectionPath } from './sectionFigures';
import { SectionTreeTable } from './SectionTreeTable';
import { useCompanySectionTree, useSectionCategories } from './useCompanySections';
import { useFigureFormat } from './useFigureFormat';
import { THIRD_PATH, useRegionChain, useRegionTotals } from './useRegionTotals';
import { useFigureParams } from './viewParams';

/**
 * /emission/view/region/detail/third?region=…&companyId=…&sectionId=…: one section of a company
 * of the group, with the sections below it: its consolidated emission by scope and by category,
 * and its subsections' figures (each drills further). The figure is the section's and its
 * descendants', as on the level above.
 */
export default function RegionThirdPage() {
  const t = useT();
  const { fiscalYear } = useWorkspace();
  const { params, figures, set, href } = useFigureParams();
  const regionKey = params.get('region') ?? '';
  const companyId = params.get('companyId') ?? '';
  const sectionId = params.get('sectionId') ?? '';
  const regionName = useRegionName();
  const { totals: byCompany, companies } = useRegionTotals(figures);
  const { bySection, selected, sections, list, roots } = useCompanySectionTree(figures, companyId);
  const format = useFigureFormat(figures.unit);
  const categoryTable = useCategoryTable();
  const company = companies.find((c) => c.companyId === companyId);
  const path = sectionPath(list, sectionId);

  const { byCategory, categories } = useSectionCategories(figures, companyId, list, sectionId);
  const node = findNode(roots, sectionId);
  const sectionKg = node?.subtotal ?? 0;
  const chain = useRegionChain(href, { regionKey, company: company && { id: company.companyId, name: company.name }, sections: path.map((s) => ({ id: s.id, name: s.displayName })) });
  const footer = [{ key: 'total', label: t('views.total'), kg: sectionKg, share: sectionKg > 0 ? 1 : 0 }];

  const downloadTables = (): DownloadTable[] => [
    categoryTable(categories, sectionKg, format),
    {
      sheet: t('views.division.column.section'),
      heading: [t('views.division.column.section'), t('views.division.column.depth'), t('views.division.column.emission', { unit: format.symbol }), t('views.division.column.children', { unit: format.symbol }), t('views.division.column.subtotal', { unit: format.symbol }), t('views.csv.sharePercent')],
      rows: node ? flattenTree([node], () => 0).map((n) => [n.displayName, n.depth - node.depth, format.value(n.emission), format.value(n.childTotalEmission), format.value(n.subtotal), format.sharePercent(sectionKg > 0 ? n.subtotal / sectionKg : 0)]) : [],
    },
  ];

  const pending = [byCompany, bySection, byCategory];
  const query = { isPending: pending.some((q) => q.isPending), isError: pending.some((q) => q.isError), error: pending.find((q) => q.isError)?.error, data: byCategory.data?.rows };
  return (
    <>
      <PageHeader
        subtitle={t('viewsRegion.subtitle.section', { section: node?.displayName ?? '', company: company?.name ?? '', region: regionName(regionKey), year: String(fiscalYear) })}
        actions={<ViewDownload fileBase={`emissions-of-section-${fiscalYear}-${figures.approach}-${figures.basis}-${figures.unit}`} tables={downloadTables} disabled={!node} testId="region-third-download" />}
      />
      <RegionFrame chain={chain} figures={figures} set={set} totals={byCompany.data} />
      <QueryState query={query}>
        <CompanyGate company={company} selected={selected} sections={sections} unit={figures.unit}>
          {(company) =>
            !node ? (
              <NonIdealState icon="diagram-tree" title={t('viewsRegion.noSection')} description={t('viewsRegion.noSectionHint')} />
            ) : (
              <>
                <Callout icon="info-sign" className="ghg-page-callout" data-testid="region-third-total" data-kg={sectionKg}>
                  {t('viewsRegion.third.intro', { section: node.displayName, value: `${format.amount(sectionKg)} ${format.symbol}`, share: format.percent(company.kg > 0 ? sectionKg / company.kg : 0), company: company.name })}
                </Callout>
                <CategoryFigures figures={categories} totalKg={sectionKg} unit={figures.unit} testId="region-third" />
                <h2 className="bp6-heading ghg-section-title">{t('viewsRegion.subsections')}</h2>
                <SectionTreeTable testId="region-third-sections" roots={[node]} ofKg={sectionKg} hrefOf={(n) => href(THIRD_PATH, { region: regionKey, companyId, sectionId: n.id })} footer={footer} unit={figures.unit} />
              </>
            )
          }
        </CompanyGate>
      </QueryState>
    </>
  );
}
