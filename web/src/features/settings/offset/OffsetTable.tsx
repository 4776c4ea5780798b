import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { HTMLTable, Intent, NonIdealState } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { ConfirmDelete, useConfirmedDelete } from '../../../core/ui/ConfirmDelete';
import { useErrorText } from '../../../core/ui/ErrorCallout';
import { filterRows } from '../../../core/ui/filtering';
import { sortRows } from '../../../core/ui/sorting';
import { ActionsHeader, AddButton, FilterBox, QueryState, RowActions, useSort } from '../../../core/ui/TableParts';
import { showToast } from '../../../core/ui/toaster';
import { useDeleteOffset, useOffsets, type Offset } from './api';
import { offsetCodes } from './codes';
import { OffsetDialog } from './OffsetDialog';

type Column = 'type' | 'particularNumberFrom' | 'invalidOrRelocationQuantity' | 'invalidOrRelocationDate' | 'authType';

/** Registered offsets: filter, sort, add, edit, delete with confirmation. */
export function OffsetTable({ companyId, canWrite }: { companyId: string; canWrite: boolean }) {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText(offsetCodes);
  const offsets = useOffsets(companyId);
  const remove = useDeleteOffset();
  const deletion = useConfirmedDelete(remove.mutateAsync, (o: Offset) => t('offset.deleted', { type: o.type }), errorText);
  const [query, setQuery] = useState('');
  const { sort, header } = useSort<Column>({ key: 'invalidOrRelocationDate', direction: 'desc' });
  const [dialog, setDialog] = useState<{ open: boolean; editing: Offset | null }>({ open: false, editing: null });

  const rows = useMemo(
    () =>
      sortRows(
        filterRows(offsets.data ?? [], query, (o) => [o.type, o.particularNumberFrom, o.particularNumberTo, o.authType, o.invalidOrRelocationDate]),
        sort,
        (o, k) => o[k],
      ),
    [offsets.data, query, sort],
  );
  const total = (offsets.data ?? []).length;

  return (
    <>
      <div className="ghg-table-toolbar">
        <FilterBox value={query} onChange={setQuery} placeholder={t('offset.filter')} testId="offset-filter" />
        <span className="ghg-toolbar-text bp6-text-muted">{t('offset.count', { shown: rows.length, total })}</span>
        <AddButton canWrite={canWrite} onClick={() => setDialog({ open: true, editing: null })} label={t('offset.add')} testId="offset-add" />
      </div>
      <QueryState query={offsets} empty={<NonIdealState icon="tree" title={t('offset.empty')} description={t('offset.emptyHint')} />}>
        <HTMLTable className="ghg-table" striped interactive data-testid="offset-table">
          <thead>
            <tr>
              {header('type', t('offset.type'))}
              {header('particularNumberFrom', t('offset.serial'))}
              {header('invalidOrRelocationQuantity', t('offset.quantityShort'), 'right')}
              {header('invalidOrRelocationDate', t('offset.invalidOrRelocationDate'))}
              {header('authType', t('offset.authType'))}
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.id} data-testid={`offset-row-${o.particularNumberFrom}`}>
                <td>
                  <strong>{o.type}</strong>
                </td>
                <td>
                  {o.particularNumberFrom === o.particularNumberTo ? o.particularNumberFrom : t('offset.serialRange', { from: o.particularNumberFrom, to: o.particularNumberTo })}
                </td>
                <td className="ghg-num">
                  {intl.formatNumber(o.invalidOrRelocationQuantity, { maximumFractionDigits: 3 })} <span className="bp6-text-muted">t-CO2</span>
                </td>
                <td className="ghg-nowrap">{intl.formatDate(o.invalidOrRelocationDate, { dateStyle: 'medium', timeZone: 'UTC' })}</td>
                <td>{o.authType}</td>
                <RowActions
                  canWrite={canWrite}
                  editLabel={t('offset.editRow', { type: o.type, from: o.particularNumberFrom })}
                  deleteLabel={t('offset.deleteRow', { type: o.type, from: o.particularNumberFrom })}
                  onEdit={() => setDialog({ open: true, editing: o })}
                  onDelete={() => deletion.ask(o)}
                  testId="offset"
                />
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </QueryState>

      <OffsetDialog
        isOpen={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
        onSaved={(offset, added) => {
          setDialog({ open: false, editing: null });
          showToast({ message: t(added ? 'offset.added' : 'offset.updated', { type: offset.type }), intent: Intent.SUCCESS, icon: 'tick' });
        }}
      />
      <ConfirmDelete {...deletion.dialog} loading={remove.isPending} hint={t('offset.confirmDeleteHint')}>
        {deletion.target && t('offset.confirmDelete', { type: deletion.target.type, from: deletion.target.particularNumberFrom, to: deletion.target.particularNumberTo })}
      </ConfirmDelete>
    </>
  );
}
