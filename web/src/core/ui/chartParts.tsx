/** Pieces the d3 charts share, drawn into their SVG. */

/** Horizontal grid lines from `left` to `right`, each labelled on the left with its value. */
export function YGrid({ ticks, y, left, right, format }: { ticks: number[]; y: (value: number) => number; left: number; right: number; format: (value: number) => string }) {
  return (
    <>
      {ticks.map((t) => (
        <g key={t} transform={`translate(0,${y(t)})`}>
          <line x1={left} x2={right} className="ghg-chart-grid" />
          <text x={left - 6} dy="0.32em" textAnchor="end" className="ghg-chart-tick">
            {format(t)}
          </text>
        </g>
      ))}
    </>
  );
}

/** A legend along the top: a swatch of each series' class and its name, `step` apart from `left`. */
export function ChartLegend({ items, left, step }: { items: { name: string; className: string | undefined }[]; left: number; step: number }) {
  return (
    <>
      {items.map((s, i) => (
        <g key={s.name} transform={`translate(${left + i * step},10)`}>
          <rect width={10} height={10} y={-8} rx={2} className={s.className} />
          <text x={14} dy="0.1em" className="ghg-chart-tick">
            {s.name}
          </text>
        </g>
      ))}
    </>
  );
}
