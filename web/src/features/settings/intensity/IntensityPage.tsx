import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Callout, Card, HTMLTable, Intent, NonIdealState } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import { useCan } from '../../../core/auth/permissions';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ConfirmDelete, useConfirmedDelete } from '../../../core/ui/ConfirmDelete';
import { useErrorText } from '../../../core/ui/ErrorCallout';
import { PageHeader } from '../../../core/ui/PageHeader';
import { sortRows } from '../../../core/ui/sorting';
import { ActionsHeader, AddButton, QueryState, RowActions, useSort } from '../../../core/ui/TableParts';
import { showToast } from '../../../core/ui/toaster';
import { intensityCodes, useDeleteIntensity, useIntensities, type Intensity } from './api';
import { IntensityDialog, type IntensityDraft } from './IntensityDialog';

type Column = 'name' | 'unit';

/** Denominators the screen suggests (amounts in million yen, ton-km), in the user's language. */
const SUGGESTIONS: { name: MessageId; unit: MessageId }[] = [
  { name: 'intensity.suggest.revenue', unit: 'intensity.suggest.revenueUnit' },
  { name: 'intensity.suggest.transport', unit: 'intensity.suggest.transportUnit' },
  { name: 'intensity.suggest.floorArea', unit: 'intensity.suggest.floorAreaUnit' },
  { name: 'intensity.suggest.headcount', unit: 'intensity.suggest.headcountUnit' },
];

const EMPTY: IntensityDraft = { name: '', unit: '' };

/** The intensity master: what emissions are divided by (revenue, ton-km, floor area, headcount …). */
export default function IntensityPage() {
  const t = useT();
  const errorText = useErrorText(intensityCodes);
  const { companyId, company } = useWorkspace();
  const canWrite = useCan('company.configure');
  const intensities = useIntensities(companyId);
  const remove = useDeleteIntensity();
  const { sort, header } = useSort<Column>({ key: 'name', direction: 'asc' });
  const [dialog, setDialog] = useState<{ open: boolean; editing: Intensity | null; draft: IntensityDraft }>({ open: false, editing: null, draft: EMPTY });
  const deletion = useConfirmedDelete(remove.mutateAsync, (i: Intensity) => t('intensity.deleted', { name: i.name }), errorText);

  const rows = useMemo(() => sortRows(intensities.data ?? [], sort, (r, k) => r[k]), [intensities.data, sort]);
  const existing = new Set((intensities.data ?? []).map((i) => i.name));
  const suggestions = SUGGESTIONS.map((s) => ({ name: t(s.name), unit: t(s.unit) })).filter((s) => !existing.has(s.name));

  return (
    <>
      <PageHeader
        subtitle={company?.name}
        actions={
<AddButton canWrite={canWrite} onClick={() => setDialog({ open: true, editing: null, draft: EMPTY })} label={t('intensity.add')} testId="intensity-add" />
        }
      />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('intensity.intro')} <Link to="/emission/setting/management-intensity">{t('intensity.toValues')}</Link>
      </Callout>
      {canWrite && suggestions.length > 0 && (
        <div className="ghg-toolbar-start" data-testid="intensity-suggestions">
          <span className="ghg-toolbar-text bp6-text-muted">{t('intensity.suggestions')}</span>
          {suggestions.map((s) => (
            <Button key={s.name} size="small" icon="plus" variant="outlined" onClick={() => setDialog({ open: true, editing: null, draft: s })}>
              {t('intensity.nameWithUnit', { name: s.name, unit: s.unit })}
            </Button>
          ))}
        </div>
      )}
      <Card className="ghg-table-card">
        <QueryState query={intensities} empty={<NonIdealState icon="divide" title={t('intensity.empty')} description={t('intensity.emptyHint')} />}>
          <HTMLTable className="ghg-table" striped interactive data-testid="intensity-table">
            <thead>
              <tr>
                {header('name', t('intensity.name'))}
                {header('unit', t('intensity.unit'))}
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid={`intensity-row-${r.name}`}>
                  <td>
                    <strong>{r.name}</strong>
                  </td>
                  <td>{r.unit}</td>
                  <RowActions
                    canWrite={canWrite}
                    editLabel={t('intensity.editRow', { name: r.name })}
                    deleteLabel={t('intensity.deleteRow', { name: r.name })}
                    onEdit={() => setDialog({ open: true, editing: r, draft: EMPTY })}
                    onDelete={() => deletion.ask(r)}
                    testId="intensity"
                  />
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </QueryState>
      </Card>
      <IntensityDialog
        isOpen={dialog.open}
        editing={dialog.editing}
        draft={dialog.draft}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={(saved, added) => {
          setDialog((d) => ({ ...d, open: false }));
          showToast({ message: t(added ? 'intensity.added' : 'intensity.updated', { name: saved.name }), intent: Intent.SUCCESS, icon: 'tick' });
        }}
      />
      <ConfirmDelete {...deletion.dialog} loading={remove.isPending} hint={t('intensity.confirmDeleteHint')}>
        {deletion.target && t('intensity.confirmDelete', { name: deletion.target.name })}
      </ConfirmDelete>
    </>
  );
}
