import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, Card, HTMLTable, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { companySectionsQuery } from '../../../core/api/queries';
import { useCan } from '../../../core/auth/permissions';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ConfirmDelete, useConfirmedDelete } from '../../../core/ui/ConfirmDelete';
import { useErrorText } from '../../../core/ui/ErrorCallout';
import { filterRows } from '../../../core/ui/filtering';
import { PageHeader } from '../../../core/ui/PageHeader';
import { ActionsHeader, AddButton, FilterBox, QueryState, useSort } from '../../../core/ui/TableParts';
import { sortRows } from '../../../core/ui/sorting';
import { showToast } from '../../../core/ui/toaster';
import { roleLabel, userCodes, useSetActive, useUsers, type ManagedUser } from './api';
import { UserDialog } from './UserDialog';

type Column = 'name' | 'email' | 'role' | 'scope' | 'status';

/** The company's users: invite, change role and scope, deactivate and reactivate (administrators only). */
export default function UsersPage() {
  const t = useT();
  const { companyId, company } = useWorkspace();
  const canManage = useCan('users.manage');
  const users = useUsers(companyId);
  const sections = useQuery(companySectionsQuery(companyId));
  const setActive = useSetActive();
  const errorText = useErrorText(userCodes);
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<'invite' | ManagedUser | null>(null);
  const { sort, header } = useSort<Column>({ key: 'name', direction: 'asc' });
  const sectionName = (id: string | null) => (id === null ? t('account.scope.all') : (sections.data?.find((s) => s.id === id)?.displayName ?? id));
  const scopeText = (u: ManagedUser) => (u.allCompanies ? t('account.allCompanies') : sectionName(u.sectionId));
  const deactivation = useConfirmedDelete<ManagedUser>(
    (u) => setActive.mutateAsync({ user: u, active: false }),
    (u) => t('users.deactivated', { name: u.name }),
    errorText,
  );

  // Filtered and sorted on each render (one company's users), so the labels follow the language.
  const shown = filterRows(users.data ?? [], query, (u) => [u.name, u.email, t(roleLabel[u.role]), scopeText(u)]);
  const rows = sortRows(shown, sort, (u, k) => (k === 'role' ? t(roleLabel[u.role]) : k === 'scope' ? scopeText(u) : k === 'status' ? Number(u.active) : u[k]));

  const reactivate = async (u: ManagedUser) => {
    try {
      await setActive.mutateAsync({ user: u, active: true });
      showToast({ message: t('users.reactivated', { name: u.name }), intent: Intent.SUCCESS, icon: 'person' });
    } catch (error) {
      showToast({ message: errorText(error), intent: Intent.DANGER, icon: 'error' });
    }
  };

  if (!canManage) {
    return (
      <>
        <PageHeader />
        <NonIdealState icon="lock" title={t('users.adminOnly')} description={t('users.adminOnlyHint')} />
      </>
    );
  }
  return (
    <>
      <PageHeader subtitle={company?.name} actions={<AddButton canWrite onClick={() => setDialog('invite')} label={t('users.invite')} testId="user-invite" />} />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('users.intro')}
      </Callout>
      <Card className="ghg-table-card">
        <div className="ghg-table-toolbar">
          <FilterBox value={query} onChange={setQuery} placeholder={t('users.search')} testId="user-search" />
        </div>
        <QueryState query={users}>
          <HTMLTable className="ghg-table" striped data-testid="user-table">
            <thead>
              <tr>
                {header('name', t('users.field.name'))}
                {header('email', t('users.field.email'))}
                {header('role', t('account.role'))}
                {header('scope', t('account.scope'))}
                {header('status', t('users.field.status'))}
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={u.id} data-testid={`user-row-${u.email}`} className={u.active ? undefined : 'ghg-muted'}>
                  <td>{u.name}</td>
                  <td>{u.email}</td>
                  <td>{t(roleLabel[u.role])}</td>
                  <td>{scopeText(u)}</td>
                  <td>
                    <Tag minimal intent={u.active ? Intent.SUCCESS : Intent.NONE}>
                      {u.active ? t('users.active') : t('users.inactive')}
                    </Tag>
                  </td>
                  <td className="ghg-nowrap">
                    {u.manageable && (
                      <>
                        <Button variant="minimal" size="small" icon="key" title={t('users.changeAccess')} aria-label={t('users.changeAccess')} onClick={() => setDialog(u)} disabled={!u.active} data-testid="user-access" />
                        {u.active ? (
                          <Button variant="minimal" size="small" icon="disable" intent={Intent.DANGER} title={t('users.deactivate')} aria-label={t('users.deactivate')} onClick={() => deactivation.ask(u)} data-testid="user-deactivate" />
                        ) : (
                          <Button variant="minimal" size="small" icon="refresh" title={t('users.reactivate')} aria-label={t('users.reactivate')} onClick={() => void reactivate(u)} data-testid="user-reactivate" />
                        )}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </QueryState>
      </Card>
      <UserDialog open={dialog} companyId={companyId} sections={sections.data ?? []} onClose={() => setDialog(null)} />
      <ConfirmDelete {...deactivation.dialog} loading={setActive.isPending} hint={t('users.deactivateHint')} confirmLabel={t('users.deactivate')}>
        {deactivation.target && t('users.confirmDeactivate', { name: deactivation.target.name })}
      </ConfirmDelete>
    </>
  );
}
