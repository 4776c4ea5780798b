import { useMemo, type ReactNode } from 'react';
import { Link } from '../../../core/ui/AsOfLink';
import { Card, HTMLTable } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { sortRows } from '../../../core/ui/sorting';
import { useSort } from '../../../core/ui/TableParts';
import type { EmissionUnit } from '../core/filters';
import { useFigureFormat } from './useFigureFormat';

/** A row of a figures table: a name (a link when `href`), extra columns, its figure in kg and share. */
export interface FigureRow {
  key: string;
  name: string;
  href?: string;
  kg: number;
  share: number;
  /** The extra columns' values, by column key (numbers sort as numbers). */
  values?: Record<string, string | number>;
}

export interface ExtraColumn {
  key: string;
  header: string;
  /** How a value shows (default: as it is). */
  format?: (value: string | number) => string;
  /** Right-aligned, as figures are. */
  numeric?: boolean;
}

/** A line under the rows (a remainder, the total): not sorted with them. */
export interface FooterRow {
  key: string;
  label: string;
  kg: number;
  share: number;
  values?: Record<string, string | number>;
}

interface Props {
  testId: string;
  rows: readonly FigureRow[];
  nameHeader: string;
  columns?: readonly ExtraColumn[];
  footer: readonly FooterRow[];
  unit: EmissionUnit;
}

/**
 * The sortable table the region and group-flag pages show their figures in. Each figure cell holds
 * its kg in `data-kg`, so a test compares it with the API to the gram whatever the unit shown.
 * Rows: `{testId}-row-{key}`, links `{testId}-link-{key}`, footer lines `{testId}-{key}`.
 */
export function FigureTable({ testId, rows, nameHeader, columns = [], footer, unit }: Props) {
  const t = useT();
  const { symbol, amount, percent } = useFigureFormat(unit);
  const { sort, header } = useSort<string>({ key: 'kg', direction: 'desc' });
  const sorted = useMemo(() => sortRows(rows, sort, (row, key) => (key === 'name' ? row.name : key === 'kg' ? row.kg : key === 'share' ? row.share : row.values?.[key])), [rows, sort]);
  const cell = (column: ExtraColumn, value: string | number | undefined) => (
    <td key={column.key} className={column.numeric ? 'ghg-num' : undefined}>
      {value === undefined ? '' : column.format ? column.format(value) : String(value)}
    </td>
  );
  return (
    <Card className="ghg-table-card">
      <HTMLTable className="ghg-table" striped data-testid={testId}>
        <thead>
          <tr>
            {header('name', nameHeader)}
            {columns.map((c) => header(c.key, c.header, c.numeric ? 'right' : undefined))}
            {header('kg', t('views.column.emission', { unit: symbol }), 'right')}
            {header('share', t('views.column.share'), 'right')}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.key} data-testid={`${testId}-row-${row.key}`}>
              <td>
                {row.href ? (
                  <Link to={row.href} data-testid={`${testId}-link-${row.key}`}>
                    {row.name}
                  </Link>
                ) : (
                  row.name
                )}
              </td>
              {columns.map((c) => cell(c, row.values?.[c.key]))}
              <td className="ghg-num" data-kg={row.kg}>
                {amount(row.kg)}
              </td>
              <td className="ghg-num">{percent(row.share)}</td>
            </tr>
          ))}
        </tbody>
        <FooterLines testId={testId} footer={footer} unit={unit} cells={(line) => columns.map((c) => cell(c, line.values?.[c.key]))} />
      </HTMLTable>
    </Card>
  );
}

/** The lines under a figures table (`{testId}-{key}`): the label, `cells` (the columns between), the figure (kg in `data-kg`) and its share. */
export function FooterLines({ testId, footer, unit, cells }: { testId: string; footer: readonly FooterRow[]; unit: EmissionUnit; cells: (line: FooterRow) => ReactNode }) {
  const { amount, percent } = useFigureFormat(unit);
  return (
    <tfoot>
      {footer.map((line) => (
        <tr key={line.key} data-testid={`${testId}-${line.key}`}>
          <th>{line.label}</th>
          {cells(line)}
          <th className="ghg-num" data-kg={line.kg}>
            {amount(line.kg)}
          </th>
          <th className="ghg-num">{percent(line.share)}</th>
        </tr>
      ))}
    </tfoot>
  );
}
