import { useMemo } from 'react';
import { Callout, NonIdealState } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { PageHeader } from '../../../core/ui/PageHeader';
import { QueryState } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import { CategoryFigures, useCategoryTable } from '../region/CategoryFigures';
import { FigureControls } from '../region/FigureControls';
import { FigureTable } from '../region/FigureTable';
import { categoryFigures, kgBySection, sectionsCovered } from '../region/sectionFigures';
import { useFigureFormat } from '../region/useFigureFormat';
import { ViewChain } from '../region/ViewChain';
import { useFigureParams } from '../region/viewParams';
import { FLAGS_PATH, useFlagTotals } from './useFlagTotals';

/**
 * /emission/view/group-flag/details?flagId=…: one flag of the selected company: every section it
 * covers (registered, or below a registered one; each once) with its own emission of the fiscal
 * year, and the flag's emission by scope and category. Each section opens its division page.
 */
export default function GroupFlagDetailsPage() {
  const t = useT();
  const { company, fiscalYear } = useWorkspace();
  const { params, figures, set, href } = useFigureParams();
  const flagId = params.get('flagId') ?? '';
  const { flags, sections, totals, state } = useFlagTotals(figures, { groupBy: ['section', 'category'] });
  const format = useFigureFormat(figures.unit);
  const categoryTable = useCategoryTable();
  const flag = flags?.find((f) => f.id === flagId);

  const { rows, flagKg, categories } = useMemo(() => {
    if (!flag) return { rows: [], flagKg: 0, categories: categoryFigures([], new Set()) };
    const list = sections ?? [];
    const covered = sectionsCovered(list, flag.sectionIds);
    const kg = kgBySection(totals?.rows ?? []);
    const registered = new Set(flag.sectionIds);
    // In tree order; a registered section the list lacks is named as the flag names it.
    const listed = list.filter((s) => covered.has(s.id)).map((s) => ({ id: s.id, name: s.displayName }));
    const unlisted = flag.sections.filter((s) => !list.some((l) => l.id === s.id)).map((s) => ({ id: s.id, name: s.displayName ?? s.name ?? s.id }));
    const flagKg = [...covered].reduce((sum, id) => sum + (kg.get(id) ?? 0), 0);
    const rows = [...listed, ...unlisted].map((s) => {
      const sectionKg = kg.get(s.id) ?? 0;
      return {
        key: s.id,
        name: s.name,
        href: `/emission/view/division/detail?sectionId=${encodeURIComponent(s.id)}`,
        kg: sectionKg,
        share: flagKg > 0 ? sectionKg / flagKg : 0,
        values: { how: t(registered.has(s.id) ? 'viewsGroupFlag.registered' : 'viewsGroupFlag.belowRegistered') },
      };
    });
    return { rows, flagKg, categories: categoryFigures(totals?.rows ?? [], covered) };
  }, [flag, sections, totals, t]);

  const downloadTables = (): DownloadTable[] => [
    {
      sheet: t('views.division.column.section'),
      heading: [t('views.division.column.section'), t('viewsGroupFlag.column.how'), t('views.division.column.emission', { unit: format.symbol }), t('views.csv.sharePercent')],
      rows: [...rows.map((r) => [r.name, r.values.how, format.value(r.kg), format.sharePercent(r.share)]), [t('views.total'), '', format.value(flagKg), flagKg > 0 ? 100 : 0]],
    },
    categoryTable(categories, flagKg, format),
  ];

  return (
    <>
      <PageHeader
        subtitle={t('viewsGroupFlag.subtitle.flag', { flag: flag?.name ?? '', company: company?.name ?? '', year: String(fiscalYear) })}
        actions={<ViewDownload fileBase={`emissions-of-group-flag-${fiscalYear}-${figures.basis}-${figures.unit}`} tables={downloadTables} disabled={!flag || !totals} testId="flag-details-download" />}
      />
      <ViewChain
        items={[
          { label: t('viewsGroupFlag.allFlags'), href: href(FLAGS_PATH), testId: 'flag-chain-all' },
          { label: flag?.name ?? '', testId: 'flag-chain-flag' },
        ]}
        label={t('viewsGroupFlag.chain')}
      />
      <FigureControls figures={figures} set={set} withApproach={false} testId="flag-filters" />
      <QueryState query={{ ...state, data: totals?.rows }}>
        {!flag ? (
          <NonIdealState icon="flag" title={t('viewsGroupFlag.notFound')} description={t('viewsGroupFlag.notFoundHint')} />
        ) : (
          <>
            <Callout icon="info-sign" className="ghg-page-callout" data-testid="flag-details-total" data-kg={flagKg}>
              {t('viewsGroupFlag.details.intro', { flag: flag.name, value: `${format.amount(flagKg)} ${format.symbol}`, count: rows.length })}
            </Callout>
            <FigureTable
              testId="flag-details-sections"
              rows={rows}
              nameHeader={t('views.division.column.section')}
              columns={[{ key: 'how', header: t('viewsGroupFlag.column.how') }]}
              footer={[{ key: 'total', label: t('views.total'), kg: flagKg, share: flagKg > 0 ? 1 : 0 }]}
              unit={figures.unit}
            />
            <CategoryFigures figures={categories} totalKg={flagKg} unit={figures.unit} testId="flag-details" />
          </>
        )}
      </QueryState>
    </>
  );
}
