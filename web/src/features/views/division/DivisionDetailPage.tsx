import { NonIdealState } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../core/i18n/I18nProvider';
import { PageHeader } from '../../../core/ui/PageHeader';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { EmissionsOverview } from '../company/EmissionsOverview';

/** /emission/view/division/detail?sectionId=…: one section (and the sections below it) as the company view shows a company. */
export default function DivisionDetailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const { sections } = useWorkspace();
  const section = sections.find((s) => s.id === params.get('sectionId'));
  if (!section) {
    return (
      <>
        <PageHeader />
        <NonIdealState icon="diagram-tree" title={t('views.division.noSection')} description={t('views.division.noSectionHint')} />
      </>
    );
  }
  return <EmissionsOverview key={section.id} initialOf="company" section={{ id: section.id, name: section.displayName }} />;
}
