import { useMemo } from 'react';
import { Link } from '../../core/ui/AsOfLink';
import { Callout, HTMLTable } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import { scopeSettingCategories } from '@ghg/events';
import { useT } from '../../core/i18n/I18nProvider';
import { categoryName } from '../../core/router/categories';
import { sortRows } from '../../core/ui/sorting';
import { useSort } from '../../core/ui/TableParts';
import { eventMessage } from '../audit/describe';
import { unitSymbol, type EmissionUnit } from '../views/core/filters';
import type { ReportDetail } from './api';
import { useKgFormat } from './useKgFormat';
import { shortHash } from './figures';
import { causeName } from './names';

type LineColumn = 'dealId' | 'category' | 'filedKg' | 'nowKg' | 'differenceKg';
export type ChangedLine = ReportDetail['lines'][number];

/** A line's history in the audit log (as the scope detail pages link to it). */
const historyOf = (dealId: string) => `/emission/setting/audit-log?entityId=${encodeURIComponent(dealId)}`;
/** The categories in the product's order (scope 1, 2, 3-1 … 3-15, water), for sorting by category. */
export const categoryOrder = (category: string) => (scopeSettingCategories as readonly string[]).indexOf(category);

/**
 * The activity lines that differ between a recorded report (filed, or the base year as recorded)
 * and now: each with its figure then and now, and the events that changed it since, each linking
 * to the line's history, with its cause and the change it made. Sortable; `moreLines` says how many are not listed.
 */
export function ChangedLinesTable({ lines, moreLines, unit, thenLabel }: { lines: readonly ChangedLine[]; moreLines: number; unit: EmissionUnit; thenLabel: MessageId }) {
  const t = useT();
  const symbol = unitSymbol[unit];
  const { amount, difference, dateTime } = useKgFormat(unit);
  const categoryLabel = (c: string) => t(categoryName[c as keyof typeof categoryName]);
  const byLine = useSort<LineColumn>({ key: 'differenceKg', direction: 'desc' });
  const rows = useMemo(
    () =>
      sortRows([...lines], byLine.sort, (r, key) => {
        if (key === 'dealId') return r.dealId;
        if (key === 'category') return categoryOrder(r.scopeCategory);
        // Sorted by size: a line removed since counts as much as one added.
        if (key === 'differenceKg') return Math.abs(Number(r.differenceKg));
        return r[key] === null ? null : Number(r[key]);
      }),
    [lines, byLine.sort],
  );

  return (
    <>
      {lines.length === 0 ? (
        <p className="bp6-text-muted" data-testid="report-lines-none">
          {t('reports.detail.noLines')}
        </p>
      ) : (
        <HTMLTable className="ghg-table" striped compact data-testid="report-lines">
          <thead>
            <tr>
              {byLine.header('dealId', t('reports.column.dealId'))}
              {byLine.header('category', t('reports.column.category'))}
              {byLine.header('filedKg', t(thenLabel, { unit: symbol }), 'right')}
              {byLine.header('nowKg', t('reports.column.now', { unit: symbol }), 'right')}
              {byLine.header('differenceKg', t('reports.column.difference', { unit: symbol }), 'right')}
              <th>{t('reports.column.events')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((l) => (
              <tr key={`${l.dealId} ${l.scopeCategory}`} data-testid="report-line" data-deal-id={l.dealId} data-difference-kg={l.differenceKg}>
                <td>
                  <code>{l.dealId}</code>
                </td>
                <td>{categoryLabel(l.scopeCategory)}</td>
                <td className="ghg-num">{amount(l.filedKg)}</td>
                <td className="ghg-num">{amount(l.nowKg)}</td>
                <td className="ghg-num ghg-report-changed">{difference(l.differenceKg)}</td>
                <td>
                  <ul className="ghg-report-events">
                    {l.events.map((e) => {
                      const name = eventMessage(e.type);
                      return (
                        <li key={`${e.position} ${e.type}`} data-testid="report-line-event" data-type={e.type} data-cause={e.cause ?? ''} data-difference-kg={e.differenceKg}>
                          <Link to={historyOf(l.dealId)}>{name ? t(name) : e.type}</Link>{' '}
                          {e.cause === null ? (
                            <span className="bp6-text-muted">({t('reports.event.noCause')})</span>
                          ) : (
                            <span>
                              ({t(causeName[e.cause])} {difference(e.differenceKg)} {symbol})
                            </span>
                          )}{' '}
                          <span className="bp6-text-muted">{t('reports.event.by', { at: dateTime(e.occurredAt), user: e.actorName ?? e.actorUserId ?? t('audit.system') })}</span>{' '}
                          <code className="ghg-small" title={e.correlationId}>
                            {shortHash(e.correlationId, 8)}
                          </code>
                        </li>
                      );
                    })}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {moreLines > 0 && (
        <Callout icon="info-sign" className="ghg-page-callout" data-testid="report-more-lines">
          {t('reports.detail.moreLines', { count: moreLines })}
        </Callout>
      )}
    </>
  );
}
