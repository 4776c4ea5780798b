import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '../../../core/ui/AsOfLink';
import { Card, HTMLTable } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { categoryName, type CategoryKey } from '../../../core/router/categories';
import { sortRows } from '../../../core/ui/sorting';
import { useSort } from '../../../core/ui/TableParts';
import { FISCAL_YEAR_PARAM } from '../../../core/workspace/useFiscalYearFromUrl';
import { inUnit, unitDigits, unitSymbol, type EmissionUnit } from '../core/filters';
import { CATEGORY_ORDER, detailPageOf, type Change, type ContributorKey } from './comparison';

/** What a change's figures look like: A and B in the unit, the difference signed, the change in %, "—" without an A. */
export function useChangeFormat(unit: EmissionUnit) {
  const intl = useIntl();
  const digits = unitDigits[unit];
  return {
    amount: (kg: number) => intl.formatNumber(inUnit(kg, unit), { maximumFractionDigits: digits }),
    diff: (kg: number) => intl.formatNumber(inUnit(kg, unit), { maximumFractionDigits: digits, signDisplay: 'exceptZero' }),
    ratio: (ratio: number | null) => (ratio === null ? '—' : intl.formatNumber(ratio, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' })),
  };
}

/** The four figure cells of a change: A, B, B − A (data-kg: to the gram) and the change in %. */
function ChangeCells({ change, unit, as: Cell = 'td' }: { change: Change; unit: EmissionUnit; as?: 'td' | 'th' }) {
  const f = useChangeFormat(unit);
  return (
    <>
      <Cell className="ghg-num" data-kg={change.aKg}>
        {f.amount(change.aKg)}
      </Cell>
      <Cell className="ghg-num" data-kg={change.bKg}>
        {f.amount(change.bKg)}
      </Cell>
      <Cell className="ghg-num" data-testid="comparison-diff" data-kg={change.diffKg}>
        {f.diff(change.diffKg)}
      </Cell>
      <Cell className="ghg-num">{f.ratio(change.ratio)}</Cell>
    </>
  );
}

type CategoryColumn = 'order' | 'aKg' | 'bKg' | 'diffKg' | 'ratio';

interface CategoryProps {
  categories: (Change & { key: string })[];
  scopes: (Change & { key: '1' | '2' | '3' })[];
  total: Change;
  names: { a: string; b: string };
  unit: EmissionUnit;
}

/** The comparison by category (sortable), then each scope's subtotal and the grand total. */
export function CategoryTable({ categories, scopes, total, names, unit }: CategoryProps) {
  const t = useT();
  const { sort, header } = useSort<CategoryColumn>({ key: 'order', direction: 'asc' });
  const sorted = useMemo(() => sortRows(categories, sort, (c, key) => (key === 'order' ? CATEGORY_ORDER.indexOf(c.key as never) : c[key])), [categories, sort]);
  const symbol = unitSymbol[unit];
  return (
    <Card className="ghg-table-card">
      <HTMLTable className="ghg-table" striped compact data-testid="comparison-table">
        <thead>
          <tr>
            {header('order', t('views.column.category'))}
            {header('aKg', t('views.comparison.column.side', { name: names.a, unit: symbol }), 'right')}
            {header('bKg', t('views.comparison.column.side', { name: names.b, unit: symbol }), 'right')}
            {header('diffKg', t('views.comparison.column.diff', { unit: symbol }), 'right')}
            {header('ratio', t('views.comparison.column.ratio'), 'right')}
          </tr>
        </thead>
        <tbody>
          {sorted.map((c) => (
            <tr key={c.key} data-testid={`comparison-row-${c.key}`}>
              <td>{t(categoryName[c.key as CategoryKey])}</td>
              <ChangeCells change={c} unit={unit} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          {scopes.map((s) => (
            <tr key={s.key} data-testid={`comparison-scope-${s.key}`}>
              <th>{t('views.comparison.subtotal', { scope: t(categoryName[s.key]) })}</th>
              <ChangeCells change={s} unit={unit} as="th" />
            </tr>
          ))}
          <tr data-testid="comparison-total">
            <th>{t('views.total')}</th>
            <ChangeCells change={total} unit={unit} as="th" />
          </tr>
        </tfoot>
      </HTMLTable>
    </Card>
  );
}

export type Contributor = Change & ContributorKey & { method: string; section: string };

/**
 * The contributors that moved most, largest absolute change first, each linking to the scope detail
 * page that lists its lines (of `linesYear` when given: year B of a comparison of years). Not for
 * two companies (`linkLines` false): that page lists the selected company's lines only.
 */
export function ChangesTable({
  contributors,
  names,
  unit,
  showSection,
  linkLines,
  linesYear,
}: {
  contributors: Contributor[];
  names: { a: string; b: string };
  unit: EmissionUnit;
  showSection: boolean;
  linkLines: boolean;
  linesYear?: number;
}) {
  const t = useT();
  const symbol = unitSymbol[unit];
  return (
    <Card className="ghg-table-card">
      <h2 className="bp6-heading ghg-section-title">{t('views.comparison.changes')}</h2>
      {contributors.length === 0 ? (
        <p className="bp6-text-muted">{t('views.comparison.noChange')}</p>
      ) : (
        <HTMLTable className="ghg-table" striped compact data-testid="comparison-changes">
          <thead>
            <tr>
              <th className="ghg-num">#</th>
              <th>{t('views.column.category')}</th>
              <th>{t('views.detail.column.method')}</th>
              {showSection && <th>{t('views.division.column.section')}</th>}
              <th className="ghg-num">{t('views.comparison.column.side', { name: names.a, unit: symbol })}</th>
              <th className="ghg-num">{t('views.comparison.column.side', { name: names.b, unit: symbol })}</th>
              <th className="ghg-num">{t('views.comparison.column.diff', { unit: symbol })}</th>
              <th className="ghg-num">{t('views.comparison.column.ratio')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {contributors.map((c, i) => {
              const page = detailPageOf(c.category, c.formulaId);
              return (
                <tr key={`${c.category}|${c.formulaId}|${c.sectionId}`} data-testid="comparison-change">
                  <td className="ghg-num">{i + 1}</td>
                  <td>{t(categoryName[c.category as CategoryKey])}</td>
                  <td>{c.method}</td>
                  {showSection && <td className="ghg-nowrap">{c.section}</td>}
                  <ChangeCells change={c} unit={unit} />
                  <td className="ghg-nowrap">
                    {linkLines && page !== null && (
                      <Link to={`/emission/view/scope/detail/${c.category}/${page}${linesYear === undefined ? '' : `?${FISCAL_YEAR_PARAM}=${linesYear}`}`} data-testid="comparison-change-lines">
                        {t('views.comparison.lines')}
                      </Link>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
