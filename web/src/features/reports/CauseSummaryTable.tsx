import { useIntl } from 'react-intl';
import { HTMLTable } from '@blueprintjs/core';
import { kgText, microOf } from '@ghg/domain';
import type { MessageId } from '@ghg/locales';
import { useT } from '../../core/i18n/I18nProvider';
import { unitSymbol, type EmissionUnit } from '../views/core/filters';
import type { ReportDetail } from './api';
import { causeName } from './names';
import { useKgFormat } from './useKgFormat';

export type CauseRow = ReportDetail['causes'][number];

/**
 * The difference between a recorded report (filed, or the base year as recorded) and now, by
 * cause: late entries, corrections, removals, restatements, organisation changes — each with its
 * lines and kg, over every differing line; the total is the lines' difference.
 */
export function CauseSummaryTable({ causes, unit, intro }: { causes: readonly CauseRow[]; unit: EmissionUnit; intro: MessageId }) {
  const t = useT();
  const intl = useIntl();
  const symbol = unitSymbol[unit];
  const { difference } = useKgFormat(unit);
  const total = kgText(causes.reduce((sum, c) => sum + microOf(c.differenceKg), 0n));
  return (
    <>
      <p className="bp6-text-muted">{t(intro)}</p>
      {causes.length === 0 ? (
        <p data-testid="report-causes-none">{t('reports.causes.none')}</p>
      ) : (
        <HTMLTable className="ghg-table" striped compact data-testid="report-causes">
          <thead>
            <tr>
              <th>{t('reports.causes.column.cause')}</th>
              <th className="ghg-num">{t('reports.causes.column.lines')}</th>
              <th className="ghg-num">{t('reports.causes.column.difference', { unit: symbol })}</th>
            </tr>
          </thead>
          <tbody>
            {causes.map((c) => (
              <tr key={c.cause} data-testid="report-cause" data-cause={c.cause} data-lines={c.lines} data-difference-kg={c.differenceKg}>
                <td>{t(causeName[c.cause])}</td>
                <td className="ghg-num">{intl.formatNumber(c.lines)}</td>
                <td className="ghg-num ghg-report-changed">{difference(c.differenceKg)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="report-causes-total" data-difference-kg={total}>
              <th scope="row">{t('reports.causes.total')}</th>
              <td />
              <td className="ghg-num ghg-report-changed">{difference(total)}</td>
            </tr>
          </tfoot>
        </HTMLTable>
      )}
    </>
  );
}
