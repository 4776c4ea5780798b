import { useMemo } from 'react';
import { arc, pie, type PieArcDatum } from 'd3';
import { ChartTable } from '../../core/ui/ChartTable';
import type { ScopeShare } from './figures';

interface Props {
  parts: readonly ScopeShare[];
  ariaLabel: string;
  /** The tooltip of a part: its name, figure and share. */
  partLabel: (part: ScopeShare) => string;
  /** The CSS class that colours a part (the same as its legend swatch). */
  partClass: (part: ScopeShare) => string;
}

const SIZE = 160;
const RADIUS = SIZE / 2;
const OUTER = RADIUS - 2;
const INNER = RADIUS * 0.58;

/** The scopes' shares of a year as a ring (d3 pie and arc into SVG), parts in scope order, a part's tooltip its figures, which a hidden table (ChartTable) also lists. */
export function ScopeDonut({ parts, ariaLabel, partLabel, partClass }: Props) {
  const arcs = useMemo(() => {
    // No sorting: the ring reads clockwise in scope order, like the legend beside it.
    const layout = pie<ScopeShare>()
      .value((p) => p.kg)
      .sort(null);
    const shape = arc<PieArcDatum<ScopeShare>>()
      .innerRadius(INNER)
      .outerRadius(OUTER)
      .padAngle(0.012);
    return layout(parts.filter((p) => p.kg > 0)).map((d) => ({ part: d.data, path: shape(d) ?? '' }));
  }, [parts]);

  return (
    <>
      <svg className="ghg-home-donut" viewBox={`${-RADIUS} ${-RADIUS} ${SIZE} ${SIZE}`} role="img" aria-label={ariaLabel}>
        {/* The empty ring under the parts: a year with nothing recorded still shows its shape. */}
        <circle r={(INNER + OUTER) / 2} strokeWidth={OUTER - INNER} className="ghg-home-donut-track" />
        {arcs.map(({ part, path }) => (
          <path key={part.scope} d={path} className={partClass(part)}>
            <title>{partLabel(part)}</title>
          </path>
        ))}
      </svg>
      <ChartTable caption={ariaLabel} rows={arcs.map(({ part }) => ({ key: part.scope, label: partLabel(part), cells: [] }))} />
    </>
  );
}
