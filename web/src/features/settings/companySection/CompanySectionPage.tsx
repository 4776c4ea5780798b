import { useMemo, useState } from 'react';
import { Callout, Card, Intent } from '@blueprintjs/core';
import { useCan } from '../../../core/auth/permissions';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ConfirmDelete, useConfirmedDelete } from '../../../core/ui/ConfirmDelete';
import { useErrorText } from '../../../core/ui/ErrorCallout';
import { PageHeader } from '../../../core/ui/PageHeader';
import { AddButton, FilterBox, QueryState } from '../../../core/ui/TableParts';
import { showToast } from '../../../core/ui/toaster';
import { sectionCodes, useDeleteSection, useSaveSection, useSections } from './api';
import { SectionDialog } from './SectionDialog';
import { SectionTree } from './SectionTree';
import { buildTree, filterTree, moveRefusal, type MoveRefusal, type Section } from './tree';

const refusalText = {
  reserved: 'companySection.error.reserved',
  cycle: 'companySection.error.cycle',
  unspecifiedParent: 'companySection.error.unspecifiedParent',
} as const satisfies Record<Exclude<MoveRefusal, 'same'>, string>;

/** The company's section (division) hierarchy: search it, add, edit, drag to re-parent, delete. */
export default function CompanySectionPage() {
  const t = useT();
  const { companyId, company } = useWorkspace();
  const canWrite = useCan('company.configure');
  const sections = useSections(companyId);
  const save = useSaveSection();
  const remove = useDeleteSection();
  const errorText = useErrorText(sectionCodes);
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<{ section: Section | null; parentId: string | null } | null>(null);
  const all = sections.data ?? [];
  const nodes = useMemo(() => filterTree(buildTree(sections.data ?? []), query), [sections.data, query]);
  const deletion = useConfirmedDelete<Section>(
    (s) => remove.mutateAsync(s),
    (s) => t('companySection.deleted', { name: s.displayName }),
    errorText,
  );

  const move = async (section: Section, parentId: string | null) => {
    const refusal = moveRefusal(all, section, parentId);
    if (refusal === 'same') return;
    if (refusal) return showToast({ message: t(refusalText[refusal]), intent: Intent.WARNING, icon: 'warning-sign' });
    try {
      await save.mutateAsync({
        id: section.id,
        name: section.name,
        displayName: section.displayName,
        parentSection: parentId,
        energyConservationActReportSectionType: section.energyConservationActReportSectionType,
      });
      const parent = all.find((s) => s.id === parentId);
      showToast({ message: parent ? t('companySection.moved', { name: section.displayName, parent: parent.displayName }) : t('companySection.movedTop', { name: section.displayName }), intent: Intent.SUCCESS, icon: 'move' });
    } catch (error) {
      showToast({ message: errorText(error), intent: Intent.DANGER, icon: 'error', timeout: 8000 });
    }
  };

  return (
    <>
      <PageHeader
        subtitle={company?.name}
        actions={<AddButton canWrite={canWrite} onClick={() => setDialog({ section: null, parentId: null })} label={t('companySection.add')} testId="section-add" />}
      />
      <Callout icon={canWrite ? 'info-sign' : 'lock'} className="ghg-page-callout">
        {canWrite ? t('companySection.dragHint') : t('settings.readOnly')}
      </Callout>
      <Card className="ghg-table-card">
        <div className="ghg-table-toolbar">
          <FilterBox value={query} onChange={setQuery} placeholder={t('companySection.search')} testId="section-search" />
        </div>
        <QueryState query={sections} empty={<p className="bp6-text-muted">{t('companySection.empty')}</p>}>
          {nodes.length === 0 ? (
            <p className="bp6-text-muted" data-testid="section-no-match">
              {t('companySection.noMatch')}
            </p>
          ) : (
            <SectionTree
              nodes={nodes}
              canWrite={canWrite}
              onMove={(s, parentId) => void move(s, parentId)}
              onAdd={(parent) => setDialog({ section: null, parentId: parent.id })}
              onEdit={(section) => setDialog({ section, parentId: section.parentSection })}
              onDelete={deletion.ask}
            />
          )}
        </QueryState>
      </Card>
      <SectionDialog open={dialog} sections={all} onClose={() => setDialog(null)} />
      <ConfirmDelete {...deletion.dialog} loading={remove.isPending} hint={t('companySection.deleteHint')}>
        {deletion.target && t('companySection.confirmDelete', { name: deletion.target.displayName })}
      </ConfirmDelete>
    </>
  );
}
