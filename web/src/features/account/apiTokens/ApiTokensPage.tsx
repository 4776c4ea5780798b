import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, HTMLTable, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useCan } from '../../../core/auth/permissions';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ConfirmDelete, useConfirmedDelete } from '../../../core/ui/ConfirmDelete';
import { useErrorText } from '../../../core/ui/ErrorCallout';
import { filterRows } from '../../../core/ui/filtering';
import { PageHeader } from '../../../core/ui/PageHeader';
import { ActionsHeader, AddButton, FilterBox, QueryState, useSort } from '../../../core/ui/TableParts';
import { sortRows } from '../../../core/ui/sorting';
import { roleLabel } from '../users/api';
import { apiTokenCodes, statusLabel, useApiTokens, useRevokeApiToken, type ApiToken } from './api';
import { CreateApiTokenDialog } from './CreateApiTokenDialog';

type Column = 'name' | 'role' | 'createdBy' | 'createdAt' | 'expiresOn' | 'status';

const statusIntent: Record<ApiToken['status'], Intent> = { active: Intent.SUCCESS, expired: Intent.WARNING, revoked: Intent.NONE };

/** Personal API tokens of the selected company: create (shown once), list, revoke (administrators only). */
export default function ApiTokensPage() {
  const t = useT();
  const intl = useIntl();
  const { companyId, company } = useWorkspace();
  const canManage = useCan('users.manage');
  const tokens = useApiTokens(companyId);
  const revoke = useRevokeApiToken();
  const errorText = useErrorText(apiTokenCodes);
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const { sort, header } = useSort<Column>({ key: 'createdAt', direction: 'desc' });
  const revocation = useConfirmedDelete<ApiToken>((token) => revoke.mutateAsync(token), (token) => t('apiTokens.revoked', { name: token.name }), errorText);

  const shown = filterRows(tokens.data ?? [], query, (token) => [token.name, t(roleLabel[token.role]), token.createdByName ?? '', t(statusLabel[token.status])]);
  const rows = sortRows(shown, sort, (token, k) => (k === 'role' ? t(roleLabel[token.role]) : k === 'status' ? t(statusLabel[token.status]) : k === 'createdBy' ? (token.createdByName ?? '') : (token[k] ?? '')));
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

  if (!canManage) {
    return (
      <>
        <PageHeader />
        <NonIdealState icon="lock" title={t('users.adminOnly')} description={t('apiTokens.adminOnlyHint')} />
      </>
    );
  }
  return (
    <>
      <PageHeader subtitle={company?.name} actions={<AddButton canWrite onClick={() => setCreating(true)} label={t('apiTokens.create')} testId="api-token-create" />} />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('apiTokens.intro')}{' '}
        <a href="/api/docs" target="_blank" rel="noreferrer">
          {t('apiTokens.reference')}
        </a>
      </Callout>
      <Card className="ghg-table-card">
        <div className="ghg-table-toolbar">
          <FilterBox value={query} onChange={setQuery} placeholder={t('apiTokens.search')} testId="api-token-search" />
        </div>
        <QueryState query={tokens}>
          {rows.length === 0 && query === '' ? (
            <NonIdealState icon="key" title={t('apiTokens.empty')} />
          ) : (
            <HTMLTable className="ghg-table" striped data-testid="api-token-table">
              <thead>
                <tr>
                  {header('name', t('apiTokens.field.name'))}
                  {header('role', t('account.role'))}
                  {header('createdBy', t('apiTokens.field.createdBy'))}
                  {header('createdAt', t('apiTokens.field.createdAt'))}
                  {header('expiresOn', t('apiTokens.field.expiresOn'))}
                  {header('status', t('apiTokens.field.status'))}
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {rows.map((token) => (
                  <tr key={token.id} data-testid={`api-token-row-${token.name}`} className={token.status === 'active' ? undefined : 'ghg-muted'}>
                    <td>{token.name}</td>
                    <td>{t(roleLabel[token.role])}</td>
                    <td>{token.createdByName ?? token.createdBy}</td>
                    <td>{date(token.createdAt)}</td>
                    <td>{token.expiresOn === null ? t('apiTokens.noExpiry') : intl.formatDate(`${token.expiresOn}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })}</td>
                    <td>
                      <Tag minimal intent={statusIntent[token.status]}>
                        {t(statusLabel[token.status])}
                      </Tag>
                    </td>
                    <td className="ghg-nowrap">
                      {token.status !== 'revoked' && (
                        <Button variant="minimal" size="small" icon="disable" intent={Intent.DANGER} title={t('apiTokens.revoke')} aria-label={t('apiTokens.revoke')} onClick={() => revocation.ask(token)} data-testid="api-token-revoke" />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </QueryState>
      </Card>
      <CreateApiTokenDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDelete {...revocation.dialog} loading={revoke.isPending} hint={t('apiTokens.revokeHint')} confirmLabel={t('apiTokens.revoke')}>
        {revocation.target && t('apiTokens.confirmRevoke', { name: revocation.target.name })}
      </ConfirmDelete>
    </>
  );
}
