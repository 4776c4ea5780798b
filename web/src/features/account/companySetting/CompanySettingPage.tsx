import { useMemo, useState } from 'react';
import { Button, Card, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import type { Company } from '../../../core/api/types';
import { useCan } from '../../../core/auth/permissions';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { PageHeader } from '../../../core/ui/PageHeader';
import { regionMessage } from '../../../core/ui/regions';
import { SortableHeader } from '../../../core/ui/SortableHeader';
import { ActionsHeader, AddButton } from '../../../core/ui/TableParts';
import { sortRows, toggleSort, type SortState } from '../../../core/ui/sorting';
import { controlApproachLabel } from './api';
import { CompanyDialog } from './CompanyDialog';
import { GroupConsolidationCard } from './GroupConsolidationCard';

type Column = 'name' | 'region' | 'equitySharePercent';

/**
 * The companies this user may work in, with what consolidation needs (equity share, control
 * approach); the selected one is marked. Administrators change those, group administrators add
 * companies. A user holding every company of the group also sees the group's consolidation approach.
 */
export default function CompanySettingPage() {
  const t = useT();
  const { companies, companyId, isAllCompany } = useWorkspace();
  const canConfigure = useCan('company.configure');
  const canAdd = useCan('group.manage');
  const [sort, setSort] = useState<SortState<Column>>({ key: 'name', direction: 'asc' });
  const [dialog, setDialog] = useState<'add' | Company | null>(null);
  const rows = useMemo(() => sortRows(companies, sort, (c, k) => c[k] ?? null), [companies, sort]);
  const header = (column: Column, label: string) => <SortableHeader column={column} label={label} sort={sort} onSort={(c) => setSort(toggleSort(sort, c))} />;
  return (
    <>
      <PageHeader
        subtitle={isAllCompany ? t('account.allCompanies') : undefined}
        actions={canAdd ? <AddButton canWrite onClick={() => setDialog('add')} label={t('account.company.add')} testId="company-add" /> : undefined}
      />
      {isAllCompany && <GroupConsolidationCard canChoose={canConfigure} />}
      <Card className="ghg-table-card">
        <HTMLTable className="ghg-table" striped data-testid="company-table">
          <thead>
            <tr>
              {header('name', t('account.company.name'))}
              {header('region', t('account.company.region'))}
              {header('equitySharePercent', t('account.company.equityShare'))}
              <th>{t('account.company.controlApproach')}</th>
              <th>{t('account.company.status')}</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} data-testid={`company-row-${c.name}`}>
                <td>{c.name}</td>
                <td>{regionMessage(c.region) ? t(regionMessage(c.region)!) : c.region}</td>
                <td className="ghg-num">{c.equitySharePercent === undefined ? '—' : `${c.equitySharePercent} %`}</td>
                <td>{c.controlApproach ? t(controlApproachLabel[c.controlApproach]) : '—'}</td>
                <td>
                  {c.id === companyId && (
                    <Tag intent={Intent.SUCCESS} minimal icon="tick">
                      {t('account.company.selected')}
                    </Tag>
                  )}
                </td>
                <td>
                  <Button variant="minimal" size="small" icon="edit" disabled={!canConfigure} aria-label={t('account.company.edit')} title={t('account.company.edit')} onClick={() => setDialog(c)} data-testid="company-edit" />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
      <CompanyDialog open={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
