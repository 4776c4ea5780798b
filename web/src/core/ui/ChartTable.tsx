export interface ChartTableRow {
  key: string;
  label: string;
  /** One text per column: each a bar's value as its tooltip says it. */
  cells: string[];
}

/**
 * A chart's figures as a table for assistive technology (WCAG 1.1.1: the text alternative of the
 * image the SVG draws), hidden on screen, where the bars and their tooltips show the same figures.
 */
export function ChartTable({ caption, columns, rows }: { caption: string; columns?: string[]; rows: ChartTableRow[] }) {
  return (
    <table className="ghg-visually-hidden">
      <caption>{caption}</caption>
      {columns && (
        <thead>
          <tr>
            <td />
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            {r.cells.map((c, i) => (
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
