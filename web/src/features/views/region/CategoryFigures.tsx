import { Card } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { categoryName, categoryShortLabel, type CategoryKey } from '../../../core/router/categories';
import type { EmissionUnit } from '../core/filters';
import { ChartCard } from '../core/ChartCard';
import type { DownloadTable } from '../core/ViewDownload';
import { FigureTable } from './FigureTable';
import { scopeOfCategory } from '../../../core/router/categories';
import { SCOPE_KEYS, type CategoryFigures as Figures } from './sectionFigures';
import { useFigureFormat } from './useFigureFormat';

/**
 * A set of sections' emission by scope (cards) and by category (chart and table), as a region's
 * section and a group flag show it; `totalKg` is the figure the table's total line shows.
 * Cards `{testId}-scope-{1|2|3|water}` and the table's lines hold their kg in `data-kg`.
 */
export function CategoryFigures({ figures, totalKg, unit, testId }: { figures: Figures; totalKg: number; unit: EmissionUnit; testId: string }) {
  const t = useT();
  const { symbol, amount, percent, value } = useFigureFormat(unit);
  const share = (kg: number) => (totalKg > 0 ? kg / totalKg : 0);
  const name = (category: string) => t(categoryName[category as CategoryKey]);
  const rows = figures.byCategory.map((c) => ({ key: c.category, name: name(c.category), kg: c.kg, share: share(c.kg), values: { scope: name(scopeOfCategory(c.category)) } }));
  return (
    <>
      <div className="ghg-stat-grid">
        {SCOPE_KEYS.map((scope) => (
          <Card key={scope} className="ghg-stat" data-testid={`${testId}-scope-${scope}`}>
            <div className="ghg-stat-label ghg-ellipsis">{name(scope)}</div>
            <div className="ghg-stat-value" data-kg={figures.byScope[scope]}>
              {amount(figures.byScope[scope])} {symbol}
            </div>
            <div className="bp6-text-muted">{percent(share(figures.byScope[scope]))}</div>
          </Card>
        ))}
      </div>
      {rows.length > 0 && (
        <ChartCard
          title={t('views.chart.byCategory', { unit: symbol })}
          testId={`${testId}-chart`}
          bars={rows.map((r) => ({ key: r.key, label: categoryShortLabel(r.key, name('water')), value: value(r.kg) }))}
          unit={unit}
          nameOf={(bar) => name(bar.key)}
        />
      )}
      <FigureTable
        testId={`${testId}-table`}
        rows={rows}
        nameHeader={t('views.column.category')}
        columns={[{ key: 'scope', header: t('viewsRegion.column.scope') }]}
        footer={[{ key: 'total', label: t('views.total'), kg: totalKg, share: totalKg > 0 ? 1 : 0 }]}
        unit={unit}
      />
    </>
  );
}

/** The same figures as a download's sheet. */
export function useCategoryTable() {
  const t = useT();
  return (figures: Figures, totalKg: number, format: ReturnType<typeof useFigureFormat>): DownloadTable => {
    const name = (category: string) => t(categoryName[category as CategoryKey]);
    const share = (kg: number) => format.sharePercent(totalKg > 0 ? kg / totalKg : 0);
    return {
      sheet: t('views.column.category'),
      heading: [t('views.csv.code'), t('views.column.category'), t('viewsRegion.column.scope'), t('views.column.emission', { unit: format.symbol }), t('views.csv.sharePercent')],
      rows: [...figures.byCategory.map((c) => [c.category, name(c.category), name(scopeOfCategory(c.category)), format.value(c.kg), share(c.kg)]), ['', t('views.total'), '', format.value(totalKg), totalKg > 0 ? 100 : 0]],
    };
  };
}
