import { NonIdealState } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../core/i18n/I18nProvider';
import { PageHeader } from '../../../core/ui/PageHeader';
import { useViewSections } from '../core/viewSections';
import { EmissionsOverview } from '../company/EmissionsOverview';

/** /emission/view/division/detail?sectionId=…: one section (and the sections below it) as the company view shows a company. */
export default function DivisionDetailPage() {
  const t = useT();
  const [params] = useSearchParams();
  // As of a past moment, the section as it was named then; one not created yet is not found.
  const { sections, isPending } = useViewSections();
  const section = sections.find((s) => s.id === params.get('sectionId'));
  if (isPending) return <PageHeader />;
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
