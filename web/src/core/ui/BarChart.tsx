import { useMemo } from 'react';
import { max, range, scaleBand, scaleLinear } from 'd3';
import { ChartTable } from './ChartTable';
import { YGrid } from './chartParts';

export interface Bar {
  key: string;
  label: string;
  value: number;
}

interface Props {
  data: Bar[];
  height?: number;
  ariaLabel: string;
  /** Show every n-th label on the x axis, counted back from the last bar. */
  labelEvery?: number;
  valueLabel: (bar: Bar) => string;
}

const WIDTH = 640;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 32 };

/** A small column chart drawn with d3 scales into SVG; scales with its container. Its figures are also a hidden table (ChartTable). */
export function BarChart({ data, height = 180, ariaLabel, labelEvery = 1, valueLabel }: Props) {
  const { x, y, ticks } = useMemo(() => {
    const top = Math.max(4, max(data, (d) => d.value) ?? 0);
    const y = scaleLinear().domain([0, top]).nice().range([height - MARGIN.bottom, MARGIN.top]);
    const x = scaleBand<string>()
      .domain(data.map((d) => d.key))
      .range([MARGIN.left, WIDTH - MARGIN.right])
      .padding(0.25);
    const ticks = y.ticks(4).filter((t) => Number.isInteger(t));
    return { x, y, ticks };
  }, [data, height]);

  return (
    <>
      <svg className="ghg-chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={ariaLabel} preserveAspectRatio="xMidYMid meet">
        <YGrid ticks={ticks} y={y} left={MARGIN.left} right={WIDTH - MARGIN.right} format={String} />
        {data.map((d) => (
          <rect
            key={d.key}
            x={x(d.key)}
            y={y(d.value)}
            width={x.bandwidth()}
            height={Math.max(0, y(0) - y(d.value))}
            rx={2}
            className={d.value > 0 ? 'ghg-chart-bar' : 'ghg-chart-bar-empty'}
          >
            <title>{valueLabel(d)}</title>
          </rect>
        ))}
        {range(data.length - 1, -1, -labelEvery).map((i) => {
          const d = data[i]!;
          return (
            <text key={d.key} x={(x(d.key) ?? 0) + x.bandwidth() / 2} y={height - 8} textAnchor="middle" className="ghg-chart-tick">
              {d.label}
            </text>
          );
        })}
      </svg>
      <ChartTable caption={ariaLabel} rows={data.map((d) => ({ key: d.key, label: d.label, cells: [valueLabel(d)] }))} />
    </>
  );
}
