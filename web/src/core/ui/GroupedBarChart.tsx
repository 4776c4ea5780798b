import { useMemo } from 'react';
import { max, scaleBand, scaleLinear } from 'd3';
import { ChartTable } from './ChartTable';
import { ChartLegend, YGrid } from './chartParts';

export interface BarGroup {
  key: string;
  label: string;
  /** One value per series, in the order of `series`. */
  values: number[];
}

export interface BarSeries {
  name: string;
  /** CSS class of the bars: ghg-chart-series-0 … 3. */
  className: string;
}

interface Props {
  groups: BarGroup[];
  series: BarSeries[];
  ariaLabel: string;
  height?: number;
  valueLabel: (group: BarGroup, seriesIndex: number) => string;
  formatTick?: (value: number) => string;
}

const WIDTH = 760;
const MARGIN = { top: 28, right: 8, bottom: 30, left: 56 };

/** Columns side by side per group (e.g. base-year vs goal emission per category), with a legend; d3 scales into SVG. Its figures are also a hidden table (ChartTable). */
export function GroupedBarChart({ groups, series, ariaLabel, height = 240, valueLabel, formatTick = String }: Props) {
  const { x, inner, y, ticks } = useMemo(() => {
    const top = Math.max(1, max(groups, (g) => max(g.values) ?? 0) ?? 0);
    const y = scaleLinear().domain([0, top]).nice().range([height - MARGIN.bottom, MARGIN.top]);
    const x = scaleBand<string>()
      .domain(groups.map((g) => g.key))
      .range([MARGIN.left, WIDTH - MARGIN.right])
      .padding(0.2);
    const inner = scaleBand<number>()
      .domain(series.map((_, i) => i))
      .range([0, x.bandwidth()])
      .padding(0.08);
    return { x, inner, y, ticks: y.ticks(4) };
  }, [groups, series, height]);

  return (
    <>
      <svg className="ghg-chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={ariaLabel} preserveAspectRatio="xMidYMid meet">
        <ChartLegend items={series} left={MARGIN.left} step={160} />
        <YGrid ticks={ticks} y={y} left={MARGIN.left} right={WIDTH - MARGIN.right} format={formatTick} />
        {groups.map((g) => (
          <g key={g.key} transform={`translate(${x(g.key) ?? 0},0)`}>
            {g.values.map((v, i) => (
              <rect key={i} x={inner(i)} y={y(v)} width={inner.bandwidth()} height={Math.max(0, y(0) - y(v))} rx={1} className={series[i]?.className}>
                <title>{valueLabel(g, i)}</title>
              </rect>
            ))}
            <text x={x.bandwidth() / 2} y={height - 10} textAnchor="middle" className="ghg-chart-tick">
              {g.label}
            </text>
          </g>
        ))}
      </svg>
      <ChartTable caption={ariaLabel} columns={series.map((s) => s.name)} rows={groups.map((g) => ({ key: g.key, label: g.label, cells: g.values.map((_, i) => valueLabel(g, i)) }))} />
    </>
  );
}
