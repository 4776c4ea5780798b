import { useMemo } from 'react';
import { max, scaleBand, scaleLinear } from 'd3';
import { ChartTable } from '../../../core/ui/ChartTable';

export interface DivergingBar {
  key: string;
  label: string;
  /** Negative: to the left of zero (a decrease); positive: to the right (an increase). */
  value: number;
}

interface Props {
  data: DivergingBar[];
  ariaLabel: string;
  valueLabel: (bar: DivergingBar) => string;
  formatTick: (value: number) => string;
}

const WIDTH = 760;
const ROW = 22;
const MARGIN = { top: 8, right: 16, bottom: 24, left: 72 };
/** Increase and decrease: Blueprint's danger red and success green, readable on light and dark backgrounds. */
const INCREASE = '#cd4246';
const DECREASE = '#238551';

/** Horizontal bars either side of zero, one row per item (changes from A to B by category); d3 scales into SVG. Its figures are also a hidden table (ChartTable). */
export function DivergingBarChart({ data, ariaLabel, valueLabel, formatTick }: Props) {
  const height = MARGIN.top + MARGIN.bottom + ROW * Math.max(1, data.length);
  const { x, y, ticks } = useMemo(() => {
    // Symmetric around zero, so a bar's length compares across both sides.
    const reach = max(data, (d) => Math.abs(d.value)) || 1;
    const x = scaleLinear().domain([-reach, reach]).nice().range([MARGIN.left, WIDTH - MARGIN.right]);
    const y = scaleBand<string>()
      .domain(data.map((d) => d.key))
      .range([MARGIN.top, height - MARGIN.bottom])
      .padding(0.2);
    return { x, y, ticks: x.ticks(6) };
  }, [data, height]);

  return (
    <>
      <svg className="ghg-chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={ariaLabel} preserveAspectRatio="xMidYMid meet">
        {ticks.map((t) => (
          <g key={t} transform={`translate(${x(t)},0)`}>
            <line y1={MARGIN.top} y2={height - MARGIN.bottom} className="ghg-chart-grid" />
            <text y={height - 8} textAnchor="middle" className="ghg-chart-tick">
              {formatTick(t)}
            </text>
          </g>
        ))}
        {data.map((d) => (
          <g key={d.key} transform={`translate(0,${y(d.key) ?? 0})`}>
            <text x={MARGIN.left - 6} y={y.bandwidth() / 2} dy="0.32em" textAnchor="end" className="ghg-chart-tick">
              {d.label}
            </text>
            <rect x={Math.min(x(0), x(d.value))} width={Math.abs(x(d.value) - x(0))} height={y.bandwidth()} rx={2} fill={d.value > 0 ? INCREASE : DECREASE}>
              <title>{valueLabel(d)}</title>
            </rect>
          </g>
        ))}
        <line x1={x(0)} x2={x(0)} y1={MARGIN.top} y2={height - MARGIN.bottom} stroke="currentColor" strokeOpacity={0.6} />
      </svg>
      <ChartTable caption={ariaLabel} rows={data.map((d) => ({ key: d.key, label: d.label, cells: [valueLabel(d)] }))} />
    </>
  );
}
