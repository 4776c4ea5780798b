import { Fragment, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, HTMLSelect, HTMLTable, Icon, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { AuditEntry } from '../../core/api/types';
import { useT } from '../../core/i18n/I18nProvider';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { ErrorCallout } from '../../core/ui/ErrorCallout';
import { PageHeader } from '../../core/ui/PageHeader';
import { SortableHeader } from '../../core/ui/SortableHeader';
import { sortRows, toggleSort, type SortState } from '../../core/ui/sorting';
import { useQuery } from '@tanstack/react-query';
import { companySectionsQuery } from '../../core/api/queries';
import { AUDIT_PAGE_SIZE, useAuditLog } from './api';
import { describeEntry, eventMessage, topicName, type AuditLookups, type DescribedChange } from './describe';

type Column = 'occurredAt' | 'actor' | 'type';

const kindIntent = { added: Intent.SUCCESS, changed: Intent.PRIMARY, removed: Intent.DANGER } as const;

/** Who changed what and when, with the values before and after; newest first, live-updated. */
export default function AuditLogPage() {
  const t = useT();
  const intl = useIntl();
  const { companyId, company, companies } = useWorkspace();
  const [topic, setTopic] = useState('all');
  // One record's history when a page links here with ?entityId= (a line's, from a scope detail page).
  const [params, setParams] = useSearchParams();
  const entityId = params.get('entityId');
  // Everything one command or one import did (?correlationId=, from an entry's "same command").
  const correlationId = params.get('correlationId');
  // The server filters by area, so a page holds 50 entries of it however busy the other areas are.
  const log = useAuditLog(companyId, topic === 'all' ? null : topic, AUDIT_PAGE_SIZE, entityId, correlationId);
  const sections = useQuery(companySectionsQuery(companyId));
  const sectionName = (id: string) => {
    const found = sections.data?.find((x) => x.id === id);
    return found ? found.displayName || found.name : id;
  };
  const [sort, setSort] = useState<SortState<Column>>({ key: 'occurredAt', direction: 'desc' });

  const entries = useMemo(() => log.data?.pages.flatMap((p) => p.entries) ?? [], [log.data]);
  const actorName = (e: AuditEntry) => (e.actor ? (e.actor.name ?? e.actor.email ?? e.actor.id) : t('audit.system'));
  // Sorted on each render, so names sort in the current language.
  const rows = sortRows(entries, sort, (e, k) =>
    k === 'occurredAt' ? Number(e.position) : k === 'actor' ? actorName(e) : eventMessage(e.type) ? t(eventMessage(e.type)!) : e.type,
  );

  const lookups: AuditLookups = { companyName: (id) => companies.find((c) => c.id === id)?.name ?? id, sectionName };

  const renderChange = (c: DescribedChange) => (
    <li key={c.field}>
      <span className="ghg-change-field">{c.label}</span>
      <span className="ghg-change-before" data-testid="audit-before">
        {c.before}
      </span>
      <Icon icon="arrow-right" size={12} className="ghg-muted" />
      <span className="ghg-change-after" data-testid="audit-after">
        {c.after}
      </span>
    </li>
  );

  return (
    <>
      <PageHeader subtitle={company?.name} />
      <Card className="ghg-table-card">
        <div className="ghg-table-toolbar">
          <p className="bp6-text-muted ghg-toolbar-text">{t('audit.intro')}</p>
          <label className="ghg-inline-field">
            <span>{t('audit.filter.topic')}</span>
            <HTMLSelect value={topic} onChange={(e) => setTopic(e.currentTarget.value)} data-testid="audit-topic-filter">
              <option value="all">{t('audit.filter.all')}</option>
              {Object.entries(topicName).map(([value, id]) => (
                <option key={value} value={value}>
                  {t(id)}
                </option>
              ))}
            </HTMLSelect>
          </label>
        </div>
        {entityId && (
          <Tag large minimal intent={Intent.PRIMARY} onRemove={() => setParams({})} data-testid="audit-entity-filter">
            {t('audit.filter.entity', { id: entityId })}
          </Tag>
        )}
        {correlationId && (
          <Tag large minimal intent={Intent.PRIMARY} onRemove={() => setParams({})} data-testid="audit-correlation-filter">
            {t('audit.filter.correlation', { id: correlationId })}
          </Tag>
        )}
        {log.isPending ? (
          <div className="ghg-center-pad">
            <Spinner size={24} />
          </div>
        ) : log.isError ? (
          <ErrorCallout error={log.error} />
        ) : rows.length === 0 ? (
          <NonIdealState icon="history" title={t('audit.empty')} />
        ) : (
          <HTMLTable className="ghg-table ghg-audit-table" striped data-testid="audit-table">
            <thead>
              <tr>
                <SortableHeader column="occurredAt" label={t('audit.when')} sort={sort} onSort={(c) => setSort(toggleSort(sort, c))} />
                <SortableHeader column="actor" label={t('audit.who')} sort={sort} onSort={(c) => setSort(toggleSort(sort, c))} />
                <SortableHeader column="type" label={t('audit.what')} sort={sort} onSort={(c) => setSort(toggleSort(sort, c))} />
                <th>{t('audit.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => {
                const described = describeEntry(e, intl, lookups);
                return (
                  <tr key={e.id} data-testid="audit-row" data-type={e.type}>
                    <td className="ghg-nowrap">
                      {intl.formatDate(e.occurredAt, { year: 'numeric', month: '2-digit', day: '2-digit' })}{' '}
                      <span className="bp6-text-muted">{intl.formatTime(e.occurredAt, { hour: '2-digit', minute: '2-digit', second: '2-digit' })}</span>
                    </td>
                    <td>
                      <div>{actorName(e)}</div>
                      {e.actor?.email && <div className="bp6-text-muted ghg-small">{e.actor.email}</div>}
                      {e.apiToken && (
                        <div className="bp6-text-muted ghg-small" data-testid="audit-api-token">
                          {t('audit.viaApiToken', { name: e.apiToken.name ?? e.apiToken.id })}
                        </div>
                      )}
                    </td>
                    <td>
                      <Tag minimal intent={kindIntent[described.kind]}>{described.name}</Tag>
                      {described.topic && <div className="bp6-text-muted ghg-small">{described.topic}</div>}
                      {e.correlationId && e.correlationId !== correlationId && (
                        <Button variant="minimal" size="small" icon="link" className="ghg-small" onClick={() => setParams({ correlationId: e.correlationId! })} data-testid="audit-same-command">
                          {t('audit.sameCommand')}
                        </Button>
                      )}
                    </td>
                    <td>
                      {described.changes.length === 0 ? (
                        <span className="bp6-text-muted">{t(described.kind === 'removed' ? 'audit.removed' : 'audit.noFieldChanges')}</span>
                      ) : (
                        <ul className="ghg-changes">{described.changes.map((c) => <Fragment key={c.field}>{renderChange(c)}</Fragment>)}</ul>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        )}
        {log.hasNextPage && (
          <div className="ghg-center-pad">
            <Button icon="more" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage} data-testid="audit-more">
              {t('audit.loadMore')}
            </Button>
          </div>
        )}
      </Card>
    </>
  );
}
