import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, HTMLTable, Intent, NonIdealState, Switch, Tag, Tooltip } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { useCan } from '../../core/auth/permissions';
import { useT } from '../../core/i18n/I18nProvider';
import { ConfirmDelete, useConfirmedDelete } from '../../core/ui/ConfirmDelete';
import { useErrorText } from '../../core/ui/ErrorCallout';
import { filterRows } from '../../core/ui/filtering';
import { PageHeader } from '../../core/ui/PageHeader';
import { sortRows } from '../../core/ui/sorting';
import { ActionsHeader, FilterBox, QueryState, useSort } from '../../core/ui/TableParts';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { useImportHistory, useUndoImport, type ImportHistoryRow } from './api';
import { fileRefusalCodes, sourceTypeName } from './names';
import { ReapplyDialog } from './ReapplyDialog';

type Column = 'importedAt' | 'sourceType' | 'fileName' | 'user' | 'created' | 'updated' | 'status' | 'co2eKg';

/**
 * Every import of the company (of the selected fiscal year, or of all years): when, what, by whom,
 * what it created and updated and the emissions it added; each can be undone as a whole or have
 * the rules as they are now applied to its lines again.
 */
export default function ImportHistoryPage() {
  const t = useT();
  const intl = useIntl();
  const navigate = useNavigate();
  const { companyId, company, fiscalYear } = useWorkspace();
  const canWrite = useCan('activity.write');
  const [allYears, setAllYears] = useState(false);
  const history = useImportHistory(companyId, allYears ? null : fiscalYear);
  const undo = useUndoImport();
  const errorText = useErrorText(fileRefusalCodes);
  const [query, setQuery] = useState('');
  const [reapplying, setReapplying] = useState<ImportHistoryRow | null>(null);
  const { sort, header } = useSort<Column>({ key: 'importedAt', direction: 'desc' });

  const kg = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 3 });
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const all = (history.data ?? []).map((row) => ({
    row,
    importedAt: row.importedAt,
    sourceType: t(sourceTypeName[row.sourceType]),
    fileName: row.fileName,
    user: row.userName ?? row.userId,
    created: row.created,
    updated: row.updated,
    status: t(row.status === 'undone' ? 'import.status.undone' : 'import.status.success'),
    co2eKg: row.co2eKg,
  }));
  const matched = filterRows(all, query, (r) => [r.sourceType, r.fileName, r.user, r.status]);
  const rows = sortRows(matched, sort, (r, k) => r[k]);

  const undoing = useConfirmedDelete((row: ImportHistoryRow) => undo.mutateAsync(row.importId), (row) => t('import.history.undone', { file: row.fileName }), errorText);
  const readOnly = (content: ReactElement, allowed: boolean) => (
    <Tooltip content={t('settings.readOnly')} disabled={allowed}>
      {content}
    </Tooltip>
  );

  return (
    <>
      <PageHeader
        subtitle={[company?.name, allYears ? t('import.history.allYears') : t('fiscalYear.name', { year: String(fiscalYear) })].filter(Boolean).join(' / ')}
        actions={
          <Button icon="th-list" onClick={() => navigate('/emission/record')} data-testid="history-to-records">
            {t('import.records.open')}
          </Button>
        }
      />
      <Card className="ghg-table-card">
        <div className="ghg-table-toolbar">
          <div className="ghg-toolbar-start">
            <FilterBox value={query} onChange={setQuery} placeholder={t('import.history.filter')} testId="history-filter" />
            <Switch checked={allYears} label={t('import.history.allYears')} onChange={(e) => setAllYears(e.currentTarget.checked)} className="ghg-inline-field" data-testid="history-all-years" />
          </div>
          <span className="ghg-toolbar-text ghg-muted">{t('import.history.count', { n: all.length })}</span>
        </div>
        <QueryState query={{ ...history, data: history.data ? rows : undefined }} empty={<NonIdealState icon="history" title={t(all.length === 0 ? 'import.history.empty' : 'import.history.noMatch')} />}>
          <div className="ghg-table-scroll">
            <HTMLTable className="ghg-table" striped compact data-testid="history-table">
              <thead>
                <tr>
                  {header('importedAt', t('import.history.importedAt'))}
                  {header('sourceType', t('import.history.sourceType'))}
                  {header('fileName', t('import.history.fileName'))}
                  {header('user', t('import.history.user'))}
                  {header('created', t('import.history.created'), 'right')}
                  {header('updated', t('import.history.updated'), 'right')}
                  {header('status', t('import.history.status'))}
                  {header('co2eKg', t('import.history.co2eKg'), 'right')}
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {rows.map(({ row, ...r }) => {
                  const active = row.status === 'success';
                  return (
                    <tr key={row.importId} data-testid="history-row" data-id={row.importId} data-file={row.fileName} data-status={row.status}>
                      <td className="ghg-nowrap">{when(row.importedAt)}</td>
                      <td>{r.sourceType}</td>
                      <td className="ghg-break" data-testid="history-file">
                        {row.fileName}
                      </td>
                      <td>{r.user}</td>
                      <td className="ghg-num" data-testid="history-created">
                        {intl.formatNumber(row.created)}
                      </td>
                      <td className="ghg-num" data-testid="history-updated">
                        {intl.formatNumber(row.updated)}
                      </td>
                      <td data-testid="history-status">
                        <Tag minimal intent={active ? Intent.SUCCESS : Intent.NONE}>
                          {r.status}
                        </Tag>
                        {row.reappliedAt && (
                          <div className="ghg-muted ghg-small" data-testid="history-reapplied">
                            {t('import.history.reappliedAt', { when: when(row.reappliedAt) })}
                          </div>
                        )}
                        {row.undoneAt && <div className="ghg-muted ghg-small">{t('import.history.undoneAt', { when: when(row.undoneAt) })}</div>}
                      </td>
                      <td className="ghg-num ghg-nowrap" data-testid="history-co2e" data-kg={row.co2eKg}>
                        {kg(row.co2eKg)}
                      </td>
                      <td className="ghg-actions-col ghg-nowrap">
                        <Button
                          variant="minimal"
                          size="small"
                          icon="th-list"
                          aria-label={t('import.history.showRecords', { file: row.fileName })}
                          onClick={() => navigate(`/emission/record?importId=${encodeURIComponent(row.importId)}`)}
                          data-testid="history-records"
                        />
                        {readOnly(
                          <Button
                            variant="minimal"
                            size="small"
                            icon="refresh"
                            disabled={!canWrite || !active}
                            aria-label={t('import.history.reapply', { file: row.fileName })}
                            onClick={() => setReapplying(row)}
                            data-testid="history-reapply"
                          />,
                          canWrite,
                        )}
                        {readOnly(
                          <Button
                            variant="minimal"
                            size="small"
                            icon="undo"
                            intent={Intent.DANGER}
                            disabled={!canWrite || !active}
                            aria-label={t('import.history.undo', { file: row.fileName })}
                            onClick={() => undoing.ask(row)}
                            data-testid="history-undo"
                          />,
                          canWrite,
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          </div>
        </QueryState>
      </Card>
      <ConfirmDelete {...undoing.dialog} loading={undo.isPending} confirmLabel={t('import.history.undoConfirm')} hint={t('import.history.undoHint')}>
        {undoing.target && t('import.history.confirmUndo', { file: undoing.target.fileName, created: undoing.target.created, updated: undoing.target.updated })}
      </ConfirmDelete>
      <ReapplyDialog target={reapplying} onClose={() => setReapplying(null)} />
    </>
  );
}
