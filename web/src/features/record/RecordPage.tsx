import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Intent, Tab, TabPanel, Tabs, Tag, Tooltip } from '@blueprintjs/core';
import { useCan } from '../../core/auth/permissions';
import { useT } from '../../core/i18n/I18nProvider';
import { PageHeader } from '../../core/ui/PageHeader';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { useImportRules } from './api';
import { ImportDialog } from './ImportDialog';
import { RecordsPanel } from './RecordsPanel';
import { RulesPanel } from './RulesPanel';

type TabId = 'records' | 'rules';

/**
 * Linked data of the selected fiscal year: the records imports recorded (filterable by import),
 * and the import rules that classify records into activity lines. The Import button opens the
 * import flow; the history lists every import with its undo and re-application.
 */
export default function RecordPage() {
  const t = useT();
  const { companyId, company, fiscalYear } = useWorkspace();
  const canWrite = useCan('activity.write');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'rules' ? 'rules' : 'records';
  const [importing, setImporting] = useState(false);
  const rules = useImportRules(companyId);

  return (
    <>
      <PageHeader
        subtitle={[company?.name, t('fiscalYear.name', { year: String(fiscalYear) })].filter(Boolean).join(' / ')}
        actions={
          <>
            <Button icon="history" onClick={() => navigate('/emission/record/import-history')} data-testid="record-to-history">
              {t('import.history.open')}
            </Button>
            <Tooltip content={t('settings.readOnly')} disabled={canWrite}>
              <Button intent={Intent.PRIMARY} icon="import" disabled={!canWrite} onClick={() => setImporting(true)} data-testid="record-import">
                {t('import.open')}
              </Button>
            </Tooltip>
          </>
        }
      />
      <Card className="ghg-table-card">
        <Tabs
          id="record-tabs"
          selectedTabId={tab}
          onChange={(id) => {
            const next = new URLSearchParams(params);
            if (id === 'rules') next.set('tab', 'rules');
            else next.delete('tab');
            setParams(next, { replace: true });
          }}
          large
        >
          <Tab id="records" title={t('import.records.tab')} data-testid="record-tab-records" />
          <Tab
            id="rules"
            title={
              <>
                {t('import.rules.tab')} <Tag minimal round>{rules.data?.length ?? 0}</Tag>
              </>
            }
            data-testid="record-tab-rules"
          />
        </Tabs>
        {/* The selected tab's panel: the tab's aria-controls names it. */}
        <TabPanel parentId="record-tabs" id={tab} selectedTabId={tab} className="ghg-tab-panel" panel={tab === 'records' ? <RecordsPanel /> : <RulesPanel />} />
      </Card>
      <ImportDialog isOpen={importing} onClose={() => setImporting(false)} />
    </>
  );
}
