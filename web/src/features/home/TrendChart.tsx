import { useMemo } from 'react';
import { max, scaleBand, scaleLinear } from 'd3';
import { ChartTable } from '../../core/ui/ChartTable';
import { HOME_SCOPES, type HomeScope, type YearFigures } from './figures';
import { YGrid } from '../../core/ui/chartParts';

interface Props {
  years: readonly YearFigures[];
  ariaLabel: string;
  /** A year's label under its column. */
  yearLabel: (year: number) => string;
  /** The tooltip of one scope's part of a year's column. */
  partLabel: (year: YearFigures, scope: HomeScope) => string;
  /** The tooltip of a whole column. */
  yearTitle: (year: YearFigures) => string;
  /** The CSS class that colours a scope (the same as the scope split's). */
  scopeClass: (scope: HomeScope) => string;
  /** A figure in kg in the unit the chart is drawn in (its axis and heights). */
  toUnit: (kg: number) => number;
  /** A value on the axis, in that unit. */
  formatTick: (value: number) => string;
}

const WIDTH = 420;
const HEIGHT = 200;
const MARGIN = { top: 10, right: 8, bottom: 26, left: 52 };

/**
 * Fiscal years side by side, each column its scopes stacked (d3 scales into SVG); a column carries
 * its year and total in kg. Its figures are also a hidden table (ChartTable): a year's total, then
 * its scopes.
 */
export function TrendChart({ years, ariaLabel, yearLabel, partLabel, yearTitle, scopeClass, toUnit, formatTick }: Props) {
  const { x, scale } = useMemo(() => {
    const top = Math.max(1, max(years, (d) => toUnit(d.kg)) ?? 0);
    const scale = scaleLinear().domain([0, top]).nice().range([HEIGHT - MARGIN.bottom, MARGIN.top]);
    const x = scaleBand<number>()
      .domain(years.map((d) => d.year))
      .range([MARGIN.left, WIDTH - MARGIN.right])
      .padding(0.3);
    return { x, scale };
  }, [years, toUnit]);
  /** The height of a figure in kg. */
  const y = (kg: number) => scale(toUnit(kg));

  return (
    <>
      <svg className="ghg-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={ariaLabel} preserveAspectRatio="xMidYMid meet">
        <YGrid ticks={scale.ticks(4)} y={scale} left={MARGIN.left} right={WIDTH - MARGIN.right} format={formatTick} />
        {years.map((year) => {
          // Stacked from the axis up, in scope order: each part ends where the scopes so far add up to.
          const shown = HOME_SCOPES.filter((s) => year.byScope[s] > 0);
          const tops = shown.map((_, i) => shown.slice(0, i + 1).reduce((kg, s) => kg + year.byScope[s], 0));
          return (
            <g key={year.year} data-testid="home-trend-year" data-year={year.year} data-kg={year.kg}>
              <title>{yearTitle(year)}</title>
              {year.kg === 0 && <rect x={x(year.year)} y={y(0) - 1} width={x.bandwidth()} height={1} className="ghg-chart-bar-empty" />}
              {shown.map((scope, i) => (
                <rect key={scope} x={x(year.year)} y={y(tops[i]!)} width={x.bandwidth()} height={Math.max(0, y(tops[i]! - year.byScope[scope]) - y(tops[i]!))} className={scopeClass(scope)}>
                  <title>{partLabel(year, scope)}</title>
                </rect>
              ))}
              <text x={(x(year.year) ?? 0) + x.bandwidth() / 2} y={HEIGHT - 8} textAnchor="middle" className="ghg-chart-tick">
                {yearLabel(year.year)}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartTable
        caption={ariaLabel}
        rows={years.map((year) => ({ key: String(year.year), label: yearLabel(year.year), cells: [yearTitle(year), ...HOME_SCOPES.filter((s) => year.byScope[s] > 0).map((s) => partLabel(year, s))] }))}
      />
    </>
  );
}
