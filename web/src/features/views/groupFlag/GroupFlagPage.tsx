import { useMemo } from 'react';
import { Link } from '../../../core/ui/AsOfLink';
import { Callout, Icon, NonIdealState } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { PageHeader } from '../../../core/ui/PageHeader';
import { QueryState } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ChartCard } from '../core/ChartCard';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import { FigureControls } from '../region/FigureControls';
import { FigureTable } from '../region/FigureTable';
import { kgBySection } from '../region/sectionFigures';
import { useFigureFormat } from '../region/useFigureFormat';
import { useFigureParams } from '../region/viewParams';
import { flagTable } from './flagFigures';
import { FLAG_DETAILS_PATH, FLAG_TRANSITION_PATH, useFlagTotals } from './useFlagTotals';

/**
 * /emission/view/group-flag: the selected company's group flags with each flag's emission of the
 * fiscal year (its registered sections and every section below them, each once), the sections in
 * no flag, and what overlapping flags count again, so the table adds up to the company's total
 * (the API's own). Each flag drills into its details; the transition compares five years.
 */
export default function GroupFlagPage() {
  const t = useT();
  const { company, fiscalYear } = useWorkspace();
  const { figures, set, href } = useFigureParams();
  const { flags, sections, totals, state } = useFlagTotals(figures, { groupBy: ['section'] });
  const { symbol, value, sharePercent } = useFigureFormat(figures.unit);
  const totalKg = totals?.total.co2eKg ?? 0;
  const share = (kg: number) => (totalKg > 0 ? kg / totalKg : 0);
  const table = useMemo(() => flagTable(flags ?? [], sections ?? [], kgBySection(totals?.rows ?? [])), [flags, sections, totals]);
  const basisText = t(figures.basis === 'location' ? 'views.basis.location' : 'views.basis.market');

  const rows = table.flags.map((f) => ({
    key: f.id,
    name: f.name,
    href: href(FLAG_DETAILS_PATH, { flagId: f.id }),
    kg: f.kg,
    share: share(f.kg),
    values: { sections: flags?.find((flag) => flag.id === f.id)?.sectionIds.length ?? 0 },
  }));
  const footer = [
    { key: 'not-in-any-flag', label: t('viewsGroupFlag.notInAnyFlag'), kg: table.notInAnyFlagKg, share: share(table.notInAnyFlagKg) },
    ...(table.countedAgainKg !== 0 ? [{ key: 'counted-again', label: t('viewsGroupFlag.countedAgain'), kg: -table.countedAgainKg, share: share(-table.countedAgainKg) }] : []),
    { key: 'total', label: t('views.total'), kg: totalKg, share: totalKg > 0 ? 1 : 0 },
  ];

  const downloadTables = (): DownloadTable[] => [
    {
      sheet: t('viewsGroupFlag.column.flag'),
      heading: [t('viewsGroupFlag.column.flag'), t('viewsGroupFlag.column.sections'), t('views.column.emission', { unit: symbol }), t('views.csv.sharePercent')],
      rows: [...rows.map((r) => [r.name, r.values.sections, value(r.kg), sharePercent(r.share)]), ...footer.map((line) => [line.label, '', value(line.kg), sharePercent(line.share)])],
    },
  ];

  return (
    <>
      <PageHeader
        subtitle={t('views.scopeCompany', { company: company?.name ?? '', year: String(fiscalYear), section: t('header.section.all') })}
        actions={
          <>
            <Link to={href(FLAG_TRANSITION_PATH)} className="bp6-button" data-testid="flag-transition-link">
              <Icon icon="timeline-bar-chart" />
              <span className="bp6-button-text">{t('viewsGroupFlag.transitionLink')}</span>
            </Link>
            <ViewDownload fileBase={`emissions-by-group-flag-${fiscalYear}-${figures.basis}-${figures.unit}`} tables={downloadTables} disabled={!totals} testId="flag-download" />
          </>
        }
      />
      <FigureControls figures={figures} set={set} withApproach={false} testId="flag-filters" />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('viewsGroupFlag.intro', { basis: basisText })}
      </Callout>
      <QueryState query={{ ...state, data: totals?.rows }}>
        {rows.length === 0 && (
          <NonIdealState
            icon="flag"
            title={t('viewsGroupFlag.none')}
            description={t('viewsGroupFlag.noneHint')}
            action={
              <Link to="/emission/setting/group-flag" className="bp6-button" data-testid="flag-settings-link">
                <Icon icon="cog" />
                <span className="bp6-button-text">{t('viewsGroupFlag.toSettings')}</span>
              </Link>
            }
          />
        )}
        <ChartCard
          title={t('viewsGroupFlag.chart', { unit: symbol })}
          testId="flag-chart"
          bars={[...rows, footer[0]!].map((r) => ({ key: r.key, label: 'name' in r ? r.name : r.label, value: value(r.kg) }))}
          unit={figures.unit}
        />
        <FigureTable
          testId="flag-table"
          rows={rows}
          nameHeader={t('viewsGroupFlag.column.flag')}
          columns={[{ key: 'sections', header: t('viewsGroupFlag.column.sections'), numeric: true }]}
          footer={footer}
          unit={figures.unit}
        />
      </QueryState>
    </>
  );
}
