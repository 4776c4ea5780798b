import { useMemo } from 'react';
import { Link } from '../../../core/ui/AsOfLink';
import { Card, HTMLTable } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { compareValues } from '../../../core/ui/sorting';
import { useSort } from '../../../core/ui/TableParts';
import type { EmissionUnit } from '../core/filters';
import { flattenTree, type DivisionNode } from '../division/divisionTree';
import { FooterLines, type FooterRow } from './FigureTable';
import { useFigureFormat } from './useFigureFormat';

type Column = 'displayName' | 'emission' | 'childTotalEmission' | 'subtotal';

interface Props {
  testId: string;
  roots: readonly DivisionNode[];
  /** The total a subtree's share is of. */
  ofKg: number;
  hrefOf: (node: DivisionNode) => string;
  footer: readonly FooterRow[];
  unit: EmissionUnit;
}

/**
 * A section tree as the division view shows one: each section's own emission, its descendants'
 * and their sum, and the share of `ofKg` that sum makes; siblings sort by any column, a parent
 * always above its children. Rows `{testId}-row-{id}` hold the subtree's kg in `data-kg`.
 */
export function SectionTreeTable({ testId, roots, ofKg, hrefOf, footer, unit }: Props) {
  const t = useT();
  const { symbol, amount, percent } = useFigureFormat(unit);
  const { sort, header } = useSort<Column>({ key: 'subtotal', direction: 'desc' });
  const rows = useMemo(() => {
    const factor = sort.direction === 'asc' ? 1 : -1;
    return flattenTree(roots, (a, b) => compareValues(a[sort.key], b[sort.key]) * factor);
  }, [roots, sort]);
  const share = (kg: number) => percent(ofKg > 0 ? kg / ofKg : 0);
  return (
    <Card className="ghg-table-card">
      <HTMLTable className="ghg-table" striped data-testid={testId}>
        <thead>
          <tr>
            {header('displayName', t('views.division.column.section'))}
            {header('emission', t('views.division.column.emission', { unit: symbol }), 'right')}
            {header('childTotalEmission', t('views.division.column.children', { unit: symbol }), 'right')}
            {header('subtotal', t('views.division.column.subtotal', { unit: symbol }), 'right')}
            <th className="ghg-num">{t('views.column.share')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((n) => (
            <tr key={n.id} data-testid={`${testId}-row-${n.id}`} data-kg={n.subtotal} data-own-kg={n.emission}>
              <td style={{ paddingLeft: 12 + n.depth * 20 }}>
                <Link to={hrefOf(n)} data-testid={`${testId}-link-${n.id}`}>
                  {n.displayName}
                </Link>
              </td>
              <td className="ghg-num">{amount(n.emission)}</td>
              <td className="ghg-num">{amount(n.childTotalEmission)}</td>
              <td className="ghg-num">{amount(n.subtotal)}</td>
              <td className="ghg-num">{share(n.subtotal)}</td>
            </tr>
          ))}
        </tbody>
        <FooterLines
          testId={testId}
          footer={footer}
          unit={unit}
          cells={() => (
            <>
              <th />
              <th />
            </>
          )}
        />
      </HTMLTable>
    </Card>
  );
}
