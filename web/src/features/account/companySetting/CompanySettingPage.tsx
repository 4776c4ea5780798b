import { useMemo, useState } from 'react';
import { Card, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { PageHeader } from '../../../core/ui/PageHeader';
import { regionMessage } from '../../../core/ui/regions';
import { SortableHeader } from '../../../core/ui/SortableHeader';
import { sortRows, toggleSort, type SortState } from '../../../core/ui/sorting';

type Column = 'name' | 'region';

/** The companies this user may work in; the selected one is marked. Editing arrives with company settings. */
export default function CompanySettingPage() {
  const t = useT();
  const { companies, companyId, isAllCompany } = useWorkspace();
  const [sort, setSort] = useState<SortState<Column>>({ key: 'name', direction: 'asc' });
  const rows = useMemo(() => sortRows(companies, sort, (c, k) => c[k]), [companies, sort]);
  return (
    <>
      <PageHeader subtitle={isAllCompany ? t('account.allCompanies') : undefined} />
      <Card className="ghg-table-card">
        <HTMLTable className="ghg-table" striped data-testid="company-table">
          <thead>
            <tr>
              <SortableHeader column="name" label={t('account.company.name')} sort={sort} onSort={(c) => setSort(toggleSort(sort, c))} />
              <SortableHeader column="region" label={t('account.company.region')} sort={sort} onSort={(c) => setSort(toggleSort(sort, c))} />
              <th>{t('account.company.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>{regionMessage(c.region) ? t(regionMessage(c.region)!) : c.region}</td>
                <td>
                  {c.id === companyId && (
                    <Tag intent={Intent.SUCCESS} minimal icon="tick">
                      {t('account.company.selected')}
                    </Tag>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
    </>
  );
}
