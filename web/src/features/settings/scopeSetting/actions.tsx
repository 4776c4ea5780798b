import { useState } from 'react';
import { Intent } from '@blueprintjs/core';
import { useUser } from '../../../core/auth/SessionProvider';
import { useCan } from '../../../core/auth/permissions';
import { useI18n, useT } from '../../../core/i18n/I18nProvider';
import { ConfirmDelete, useConfirmedDelete } from '../../../core/ui/ConfirmDelete';
import { useErrorText } from '../../../core/ui/ErrorCallout';
import { showToast } from '../../../core/ui/toaster';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { scopeSettingCodes, useDeleteScopeSetting, useFormulas, type ScopeSetting } from './api';
import { labelOf } from './form';
import { ScopeSettingDialog, type ScopeSettingDialogMode } from './ScopeSettingDialog';

const SAVED = { add: 'scopeSetting.added', edit: 'scopeSetting.updated', copy: 'scopeSetting.copied' } as const;

/**
 * Adding, changing, copying and deleting settings, shared by the list and the detail page.
 * Writing needs `activity.write`; a section-scoped user writes only the settings of the sections
 * they may act on (the server checks the same).
 */
export function useScopeSettingActions(onDeleted?: () => void) {
  const t = useT();
  const { locale } = useI18n();
  const user = useUser();
  const { sections } = useWorkspace();
  const canWrite = useCan('activity.write');
  const formulas = useFormulas();
  const remove = useDeleteScopeSetting();
  const errorText = useErrorText(scopeSettingCodes);
  const [mode, setMode] = useState<ScopeSettingDialogMode | null>(null);

  const formulaName = (formulaId: string) => {
    const formula = formulas.data?.find((f) => f.id === formulaId);
    return formula ? labelOf(formula.name, locale) : formulaId;
  };
  const deletion = useConfirmedDelete(
    async (s: ScopeSetting) => {
      await remove.mutateAsync(s);
      onDeleted?.();
    },
    (s) => t('scopeSetting.deleted', { name: formulaName(s.formulaId) }),
    errorText,
  );
  const canWriteRow = (s: ScopeSetting) => canWrite && (!user.sectionId || sections.some((x) => x.id === s.section));

  const elements = (
    <>
      <ScopeSettingDialog
        mode={mode}
        onClose={() => setMode(null)}
        onSaved={(saved, done) => {
          setMode(null);
          showToast({ message: t(SAVED[done.kind], { name: formulaName(saved.formulaId) }), intent: Intent.SUCCESS, icon: 'tick' });
        }}
      />
      <ConfirmDelete {...deletion.dialog} loading={remove.isPending} hint={t('scopeSetting.confirmDeleteHint')}>
        {deletion.target && t('scopeSetting.confirmDelete', { name: formulaName(deletion.target.formulaId), section: deletion.target.sectionDisplayName ?? deletion.target.section })}
      </ConfirmDelete>
    </>
  );

  return { canWrite, canWriteRow, formulas, formulaName, open: setMode, askDelete: deletion.ask, elements };
}
