import { useState } from 'react';
import { useIntl } from 'react-intl';
import { HTMLTable, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { ConfirmDelete, useConfirmedDelete } from '../../../core/ui/ConfirmDelete';
import { useErrorText } from '../../../core/ui/ErrorCallout';
import { filterRows } from '../../../core/ui/filtering';
import { sortRows } from '../../../core/ui/sorting';
import { ActionsHeader, AddButton, FilterBox, QueryState, RowActions, useSort } from '../../../core/ui/TableParts';
import { showToast } from '../../../core/ui/toaster';
import { useCertificates, useDeleteCertificate, type Certificate } from './api';
import { CertificateDialog } from './CertificateDialog';
import { certificateTypeName, powerSourceName } from './certificateNames';
import { offsetCodes } from './codes';

type Column = 'certificateType' | 'quantityKwh' | 'periodFrom' | 'fiscalYear' | 'tracking';

/** Non-fossil certificates: filter, sort, register, edit, delete with confirmation. */
export function CertificateTable({ companyId, canWrite, fiscalYear }: { companyId: string; canWrite: boolean; fiscalYear: number }) {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText(offsetCodes);
  const certificates = useCertificates(companyId);
  const remove = useDeleteCertificate();
  const [query, setQuery] = useState('');
  const { sort, header } = useSort<Column>({ key: 'fiscalYear', direction: 'desc' });
  const [dialog, setDialog] = useState<{ open: boolean; editing: Certificate | null }>({ open: false, editing: null });

  const typeName = (c: Certificate) => t(certificateTypeName[c.certificateType]);
  const year = (y: number) => t('fiscalYear.name', { year: String(y) });
  const kwh = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 3 });
  const deletion = useConfirmedDelete(remove.mutateAsync, (c: Certificate) => t('offset.certificate.deleted', { type: typeName(c), kwh: kwh(c.quantityKwh) }), errorText);
  // Filtered and sorted on each render (one company's certificates), with labels in the current language.
  const rows = sortRows(
    filterRows(certificates.data ?? [], query, (c) => [typeName(c), year(c.fiscalYear), c.periodFrom, c.periodTo, c.generatorName, c.generatorLocation, c.powerSource && t(powerSourceName[c.powerSource])]),
    sort,
    (c, k) => (k === 'certificateType' ? typeName(c) : k === 'tracking' ? Number(c.tracking) : c[k]),
  );
  const total = (certificates.data ?? []).length;

  return (
    <>
      <div className="ghg-table-toolbar">
        <FilterBox value={query} onChange={setQuery} placeholder={t('offset.certificate.filter')} testId="certificate-filter" />
        <span className="ghg-toolbar-text bp6-text-muted">{t('offset.count', { shown: rows.length, total })}</span>
        <AddButton canWrite={canWrite} onClick={() => setDialog({ open: true, editing: null })} label={t('offset.certificate.add')} testId="certificate-add" />
      </div>
      <QueryState query={certificates} empty={<NonIdealState icon="lightning" title={t('offset.certificate.empty')} description={t('offset.certificate.emptyHint')} />}>
        <HTMLTable className="ghg-table" striped interactive data-testid="certificate-table">
          <thead>
            <tr>
              {header('certificateType', t('offset.certificate.certificateType'))}
              {header('quantityKwh', t('offset.certificate.quantityKwh'), 'right')}
              {header('periodFrom', t('offset.certificate.period'))}
              {header('fiscalYear', t('offset.certificate.fiscalYear'))}
              {header('tracking', t('offset.certificate.tracking'))}
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} data-testid={`certificate-row-${c.quantityKwh}`}>
                <td>
                  {typeName(c)}{' '}
                  {c.renewable && (
                    <Tag minimal intent={Intent.SUCCESS}>
                      {t('offset.certificate.renewable')}
                    </Tag>
                  )}
                </td>
                <td className="ghg-num">{kwh(c.quantityKwh)} kWh</td>
                <td className="ghg-nowrap">
                  {t('common.dateRange', {
                    start: intl.formatDate(c.periodFrom, { dateStyle: 'medium', timeZone: 'UTC' }),
                    end: intl.formatDate(c.periodTo, { dateStyle: 'medium', timeZone: 'UTC' }),
                  })}
                </td>
                <td>{year(c.fiscalYear)}</td>
                <td>
                  {c.tracking
                    ? [c.powerSource && t(powerSourceName[c.powerSource]), c.generatorName, c.generatorLocation].filter(Boolean).join(' · ') || t('common.yes')
                    : t('common.no')}
                </td>
                <RowActions
                  canWrite={canWrite}
                  editLabel={t('offset.certificate.editRow', { type: typeName(c) })}
                  deleteLabel={t('offset.certificate.deleteRow', { type: typeName(c) })}
                  onEdit={() => setDialog({ open: true, editing: c })}
                  onDelete={() => deletion.ask(c)}
                  testId="certificate"
                />
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </QueryState>

      <CertificateDialog
        isOpen={dialog.open}
        editing={dialog.editing}
        defaultFiscalYear={fiscalYear}
        onClose={() => setDialog({ open: false, editing: null })}
        onSaved={(c, added) => {
          setDialog({ open: false, editing: null });
          showToast({ message: t(added ? 'offset.certificate.added' : 'offset.certificate.updated', { type: typeName(c), kwh: kwh(c.quantityKwh) }), intent: Intent.SUCCESS, icon: 'tick' });
        }}
      />
      <ConfirmDelete {...deletion.dialog} loading={remove.isPending} hint={t('offset.confirmDeleteHint')}>
        {deletion.target && t('offset.certificate.confirmDelete', { type: typeName(deletion.target), kwh: kwh(deletion.target.quantityKwh), year: year(deletion.target.fiscalYear) })}
      </ConfirmDelete>
    </>
  );
}
