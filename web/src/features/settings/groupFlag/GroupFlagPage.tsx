import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Callout, Card, HTMLTable, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useCan } from '../../../core/auth/permissions';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ConfirmDelete, useConfirmedDelete } from '../../../core/ui/ConfirmDelete';
import { useErrorText } from '../../../core/ui/ErrorCallout';
import { filterRows } from '../../../core/ui/filtering';
import { PageHeader } from '../../../core/ui/PageHeader';
import { sortRows } from '../../../core/ui/sorting';
import { ActionsHeader, AddButton, FilterBox, QueryState, useSort } from '../../../core/ui/TableParts';
import { groupFlagCodes, useDeleteGroupFlag, useGroupFlags, type GroupFlag } from './api';

type Column = 'name' | 'sections';
const EDIT_PATH = '/emission/setting/group-flag/edit';

/** Group flags: named sets of organizations that group results for reporting. */
export default function GroupFlagPage() {
  const t = useT();
  const navigate = useNavigate();
  const errorText = useErrorText(groupFlagCodes);
  const { companyId, company } = useWorkspace();
  const canWrite = useCan('company.configure');
  const flags = useGroupFlags(companyId);
  const remove = useDeleteGroupFlag();
  const [query, setQuery] = useState('');
  const { sort, header } = useSort<Column>({ key: 'name', direction: 'asc' });
  const deletion = useConfirmedDelete(remove.mutateAsync, (f: GroupFlag) => t('groupFlag.deleted', { name: f.name }), errorText);

  const rows = useMemo(
    () => sortRows(filterRows(flags.data ?? [], query, (f) => [f.name, ...f.sections.map((s) => s.displayName)]), sort, (f, k) => (k === 'name' ? f.name : f.sections.length)),
    [flags.data, query, sort],
  );

  return (
    <>
      <PageHeader
        subtitle={company?.name}
        actions={
<AddButton canWrite={canWrite} onClick={() => navigate(EDIT_PATH)} label={t('groupFlag.add')} testId="group-flag-add" />
        }
      />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('groupFlag.intro')}
      </Callout>
      <Card className="ghg-table-card">
        <div className="ghg-table-toolbar">
          <FilterBox value={query} onChange={setQuery} placeholder={t('groupFlag.filter')} />
        </div>
        <QueryState query={flags} empty={<NonIdealState icon="flag" title={t('groupFlag.empty')} description={t('groupFlag.emptyHint')} />}>
          <HTMLTable className="ghg-table" striped interactive data-testid="group-flag-table">
            <thead>
              <tr>
                {header('name', t('groupFlag.name'))}
                {header('sections', t('groupFlag.sections'))}
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {rows.map((f) => (
                <tr key={f.id} data-testid={`group-flag-row-${f.name}`}>
                  <td>
                    <Link to={`${EDIT_PATH}?id=${encodeURIComponent(f.id)}`}>
                      <strong>{f.name}</strong>
                    </Link>
                  </td>
                  <td>
                    {f.sections.length === 0 ? (
                      <span className="bp6-text-muted">{t('groupFlag.noSections')}</span>
                    ) : (
                      f.sections.map((s) => (
                        <Tag key={s.id} minimal className="ghg-inline-tag">
                          {s.displayName}
                        </Tag>
                      ))
                    )}
                  </td>
                  <td className="ghg-actions-col">
                    <Button
                      variant="minimal"
                      size="small"
                      icon={canWrite ? 'edit' : 'eye-open'}
                      aria-label={t(canWrite ? 'groupFlag.editRow' : 'groupFlag.viewRow', { name: f.name })}
                      onClick={() => navigate(`${EDIT_PATH}?id=${encodeURIComponent(f.id)}`)}
                      data-testid="group-flag-edit"
                    />
                    <Button variant="minimal" size="small" icon="trash" intent={Intent.DANGER} disabled={!canWrite} aria-label={t('groupFlag.deleteRow', { name: f.name })} onClick={() => deletion.ask(f)} data-testid="group-flag-delete" />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </QueryState>
      </Card>
      <ConfirmDelete {...deletion.dialog} loading={remove.isPending} hint={t('groupFlag.confirmDeleteHint')}>
        {deletion.target && t('groupFlag.confirmDelete', { name: deletion.target.name })}
      </ConfirmDelete>
    </>
  );
}
