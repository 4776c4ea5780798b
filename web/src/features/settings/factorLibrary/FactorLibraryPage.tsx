import { useMemo, useState } from 'react';
import { Button, Card, HTMLSelect, HTMLTable, Icon, Intent, NonIdealState, Tag, Tooltip } from '@blueprintjs/core';
import { useCan } from '../../../core/auth/permissions';
import { useI18n, useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { PageHeader } from '../../../core/ui/PageHeader';
import { SortableHeader } from '../../../core/ui/SortableHeader';
import { FilterBox, QueryState } from '../../../core/ui/TableParts';
import { CompanySetsPanel } from './CompanySetsPanel';
import { HistoryDrawer } from './HistoryDrawer';
import { labelIn, useFactorSets, useFactors, type Factor, type FactorQuery } from './api';
import { valueText } from './format';

const PAGE_SIZE = 50;
type SortKey = FactorQuery['sort'];
const SCOPES = ['1', '2', '3'] as const;

/** Every factor the company can calculate with: shipped open data and its own sets, with sources and versions. */
export default function FactorLibraryPage() {
  const t = useT();
  const { locale } = useI18n();
  const { companyId } = useWorkspace();
  const canWrite = useCan('company.configure');
  const [query, setQuery] = useState<FactorQuery>({ q: '', set: '', year: '', scope: '', origin: '', page: 1, pageSize: PAGE_SIZE, sort: 'set', order: 'asc' });
  const [history, setHistory] = useState<Factor | null>(null);
  const factors = useFactors(companyId, query, locale);
  const sets = useFactorSets(companyId);
  const setIds = useMemo(() => [...new Set((sets.data ?? []).map((s) => s.setId))].sort(), [sets.data]);
  const years = useMemo(() => [...new Set((sets.data ?? []).map((s) => s.year).filter((y): y is number => y !== null))].sort((a, b) => b - a), [sets.data]);
  const change = (patch: Partial<FactorQuery>) => setQuery((q) => ({ ...q, page: 1, ...patch }));
  const total = factors.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const sortHeader = (key: SortKey, label: string, align?: 'right') => (
    <SortableHeader
      column={key}
      label={label}
      align={align}
      sort={{ key: query.sort, direction: query.order }}
      onSort={(k) => change({ sort: k, order: query.sort === k && query.order === 'asc' ? 'desc' : 'asc' })}
    />
  );
  const rows = factors.data?.emissionFactors;

  return (
    <>
      <PageHeader />
      <Card className="ghg-table-card">
        <div className="ghg-toolbar-start ghg-wrap" data-testid="factor-filters">
          <FilterBox value={query.q} onChange={(q) => change({ q })} placeholder={t('factorLibrary.search')} testId="factor-search" />
          <HTMLSelect value={query.set} onChange={(e) => change({ set: e.currentTarget.value })} aria-label={t('factorLibrary.filter.set')} data-testid="factor-filter-set">
            <option value="">{t('factorLibrary.filter.allSets')}</option>
            {setIds.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </HTMLSelect>
          <HTMLSelect value={query.year} onChange={(e) => change({ year: e.currentTarget.value })} aria-label={t('factorLibrary.filter.year')} data-testid="factor-filter-year">
            <option value="">{t('factorLibrary.filter.allYears')}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </HTMLSelect>
          <HTMLSelect value={query.scope} onChange={(e) => change({ scope: e.currentTarget.value })} aria-label={t('factorLibrary.filter.scope')} data-testid="factor-filter-scope">
            <option value="">{t('factorLibrary.filter.allScopes')}</option>
            {SCOPES.map((s) => (
              <option key={s} value={s}>
                {t('factorLibrary.filter.scopeN', { n: s })}
              </option>
            ))}
          </HTMLSelect>
          <HTMLSelect value={query.origin} onChange={(e) => change({ origin: e.currentTarget.value })} aria-label={t('factorLibrary.filter.origin')} data-testid="factor-filter-origin">
            <option value="">{t('factorLibrary.filter.allOrigins')}</option>
            <option value="shipped">{t('factorLibrary.origin.shipped')}</option>
            <option value="company">{t('factorLibrary.origin.company')}</option>
          </HTMLSelect>
          <span className="bp6-text-muted" data-testid="factor-total">
            {t('factorLibrary.total', { count: total })}
          </span>
        </div>
        <QueryState query={{ isPending: factors.isPending, isError: factors.isError, error: factors.error, data: rows }}>
          {rows && rows.length === 0 ? (
            <NonIdealState icon="search" description={t('factorLibrary.noMatch')} />
          ) : (
            <div className="ghg-table-scroll">
            <HTMLTable className="ghg-table" striped interactive data-testid="factor-table">
              <thead>
                <tr>
                  {sortHeader('set', t('factorLibrary.column.set'))}
                  {sortHeader('label', t('factorLibrary.column.label'))}
                  {sortHeader('value', t('factorLibrary.column.value'), 'right')}
                  <th>{t('factorLibrary.column.validity')}</th>
                  {sortHeader('year', t('factorLibrary.column.year'), 'right')}
                  <th>{t('factorLibrary.column.source')}</th>
                </tr>
              </thead>
              <tbody>
                {(rows ?? []).map((f) => (
                  // A row opens its history on click, and from the keyboard with Enter or Space.
                  <tr
                    key={f.ref + f.version}
                    tabIndex={0}
                    onClick={() => setHistory(f)}
                    onKeyDown={(e) => {
                      if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
                      e.preventDefault();
                      setHistory(f);
                    }}
                    data-testid={`factor-row-${f.ref}`}
                  >
                    <td className="ghg-nowrap">
                      <code>{f.setId}</code> <Tag minimal>{f.version}</Tag>
                    </td>
                    <td>
                      {labelIn(f.label, locale)}
                      <div className="bp6-text-muted bp6-text-small">{f.key}</div>
                    </td>
                    <td className="ghg-num ghg-nowrap">
                      {valueText(f)}{' '}
                      {!f.confirmed && (
                        <Tooltip content={t('factorLibrary.unconfirmed')}>
                          {/* title, not aria-label: the Tooltip makes the icon focusable, and Blueprint hides an icon without a title from assistive technology. */}
                          <Icon icon="warning-sign" intent={Intent.WARNING} size={12} title={t('factorLibrary.unconfirmed')} />
                        </Tooltip>
                      )}
                    </td>
                    <td className="ghg-nowrap">{f.validFrom || f.validTo ? `${f.validFrom ?? '…'} – ${f.validTo ?? '…'}` : '—'}</td>
                    <td className="ghg-num">{f.year ?? '—'}</td>
                    <td className="ghg-ellipsis" title={[f.source.publisher ?? labelIn(f.source.title, locale), f.source.citation, f.licenceNote ?? f.source.licence].filter(Boolean).join('\n')}>
                      {f.origin === 'company' ? <Tag minimal intent={Intent.PRIMARY}>{t('factorLibrary.origin.company')}</Tag> : labelIn(f.source.title, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            </div>
          )}
        </QueryState>
        <div className="ghg-pager">
          <Button icon="chevron-left" variant="minimal" disabled={query.page <= 1} onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))} aria-label={t('factorLibrary.previous')} data-testid="factor-prev" />
          <span data-testid="factor-page">{t('factorLibrary.page', { page: query.page, pages })}</span>
          <Button icon="chevron-right" variant="minimal" disabled={query.page >= pages} onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))} aria-label={t('factorLibrary.next')} data-testid="factor-next" />
        </div>
      </Card>
      <CompanySetsPanel companyId={companyId} canWrite={canWrite} lang={locale} />
      <HistoryDrawer companyId={companyId} factor={history} lang={locale} onClose={() => setHistory(null)} />
    </>
  );
}
