import { useMemo } from 'react';
import { line, max, min, scaleLinear, scalePoint } from 'd3';
import { ChartLegend, YGrid } from '../../../core/ui/chartParts';
import { ChartTable } from '../../../core/ui/ChartTable';

export interface TrendSeries {
  name: string;
  /** One value per year, null where the year has none (the line breaks there). */
  values: (number | null)[];
}

interface Props {
  years: readonly number[];
  series: TrendSeries[];
  ariaLabel: string;
  yearLabel: (year: number) => string;
  valueLabel: (yearIndex: number, seriesIndex: number) => string;
  formatTick: (value: number) => string;
  height?: number;
}

const WIDTH = 760;
const MARGIN = { top: 30, right: 24, bottom: 30, left: 72 };
/**
 * The series' colours: those of the grouped charts' classes (ghg-chart-series-0 … 3 in app.css,
 * which set fill only); a line needs them as its stroke.
 */
const COLOURS = ['#8f99a8', '#2d72d2', '#238551', '#7961db'];

/**
 * Lines across fiscal years (an intensity's trend), a point per known year, broken where a year has
 * no value; d3 scales into SVG. Its figures are also a hidden table (ChartTable): a row per year, a
 * column per series, a dash where the year has no value.
 */
export function TrendChart({ years, series, ariaLabel, yearLabel, valueLabel, formatTick, height = 240 }: Props) {
  const { x, y, ticks } = useMemo(() => {
    const known = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
    const y = scaleLinear()
      .domain([Math.min(0, min(known) ?? 0), (max(known) ?? 0) || 1])
      .nice()
      .range([height - MARGIN.bottom, MARGIN.top]);
    const x = scalePoint<number>().domain(years).range([MARGIN.left, WIDTH - MARGIN.right]).padding(0.4);
    return { x, y, ticks: y.ticks(4) };
  }, [years, series, height]);
  const path = line<number | null>()
    .defined((v) => v !== null)
    .x((_, i) => x(years[i]!) ?? 0)
    .y((v) => y(v ?? 0));

  return (
    <>
      <svg className="ghg-chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={ariaLabel} preserveAspectRatio="xMidYMid meet">
        <ChartLegend items={series.map((s, i) => ({ name: s.name, className: `ghg-chart-series-${i % COLOURS.length}` }))} left={MARGIN.left} step={150} />
        <YGrid ticks={ticks} y={y} left={MARGIN.left} right={WIDTH - MARGIN.right} format={formatTick} />
        {years.map((year) => (
          <text key={year} x={x(year)} y={height - 10} textAnchor="middle" className="ghg-chart-tick">
            {yearLabel(year)}
          </text>
        ))}
        {series.map((s, si) => (
          <g key={s.name}>
            <path d={path(s.values) ?? ''} fill="none" stroke={COLOURS[si % COLOURS.length]} strokeWidth={2} />
            {s.values.map((v, yi) =>
              v === null ? null : (
                <circle key={yi} cx={x(years[yi]!)} cy={y(v)} r={4} className={`ghg-chart-series-${si % COLOURS.length}`}>
                  <title>{valueLabel(yi, si)}</title>
                </circle>
              ),
            )}
          </g>
        ))}
      </svg>
      <ChartTable
        caption={ariaLabel}
        columns={series.map((s) => s.name)}
        rows={years.map((year, yi) => ({ key: String(year), label: yearLabel(year), cells: series.map((s, si) => (s.values[yi] === null ? '—' : valueLabel(yi, si))) }))}
      />
    </>
  );
}
