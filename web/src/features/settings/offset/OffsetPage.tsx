import { useSearchParams } from 'react-router-dom';
import { Callout, Card, Tab, Tabs } from '@blueprintjs/core';
import { useCan } from '../../../core/auth/permissions';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { PageHeader } from '../../../core/ui/PageHeader';
import { CertificateTable } from './CertificateTable';
import { OffsetTable } from './OffsetTable';

type TabId = 'offsets' | 'certificates';

/** Offsets (credits cancelled or transferred) and non-fossil certificates, on two tabs; the tab is in the URL. */
export default function OffsetPage() {
  const t = useT();
  const { companyId, company, fiscalYear } = useWorkspace();
  const canWrite = useCan('targets.write');
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'certificates' ? 'certificates' : 'offsets';

  return (
    <>
      <PageHeader subtitle={company?.name} />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t(tab === 'offsets' ? 'offset.intro' : 'offset.certificate.intro')}
      </Callout>
      <Card className="ghg-table-card">
        <Tabs id="offset-tabs" selectedTabId={tab} onChange={(id) => setParams(id === 'certificates' ? { tab: 'certificates' } : {}, { replace: true })} large>
          <Tab id="offsets" title={t('offset.tab.offsets')} panel={<OffsetTable companyId={companyId} canWrite={canWrite} />} data-testid="tab-offsets" />
          <Tab
            id="certificates"
            title={t('offset.tab.certificates')}
            panel={<CertificateTable companyId={companyId} canWrite={canWrite} fiscalYear={fiscalYear} />}
            data-testid="tab-certificates"
          />
        </Tabs>
      </Card>
    </>
  );
}
