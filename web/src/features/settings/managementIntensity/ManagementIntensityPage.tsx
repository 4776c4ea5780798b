import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { Callout, Card, FormGroup, HTMLSelect, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCan } from '../../../core/auth/permissions';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { BarChart } from '../../../core/ui/BarChart';
import { ConfirmDelete, useConfirmedDelete } from '../../../core/ui/ConfirmDelete';
import { ErrorCallout, useErrorText } from '../../../core/ui/ErrorCallout';
import { PageHeader } from '../../../core/ui/PageHeader';
import { sortRows } from '../../../core/ui/sorting';
import { ActionsHeader, AddButton, RowActions, useSort } from '../../../core/ui/TableParts';
import { showToast } from '../../../core/ui/toaster';
import { useIntensities } from '../intensity/api';
import { managementIntensityCodes, useDeleteManagementIntensity, useManagementIntensities, type ManagementIntensity } from './api';
import { ValueDialog } from './ValueDialog';

type Column = 'intensityName' | 'fiscalYear' | 'value';
const ALL = '';

/** Values of each intensity per fiscal year (the denominators of intensity views), and a chart across years. */
export default function ManagementIntensityPage() {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText(managementIntensityCodes);
  const { companyId, company, fiscalYear } = useWorkspace();
  const canWrite = useCan('targets.write');
  const intensities = useIntensities(companyId);
  const values = useManagementIntensities(companyId);
  const remove = useDeleteManagementIntensity();
  const [shownIntensity, setShownIntensity] = useState(ALL);
  const { sort, header } = useSort<Column>({ key: 'fiscalYear', direction: 'desc' });
  const [dialog, setDialog] = useState<{ open: boolean; editing: ManagementIntensity | null }>({ open: false, editing: null });

  const rows = useMemo(
    () => sortRows((values.data ?? []).filter((v) => shownIntensity === ALL || v.intensityId === shownIntensity), sort, (v, k) => v[k]),
    [values.data, shownIntensity, sort],
  );
  const list = intensities.data ?? [];
  // The chart shows one intensity: the filtered one, else the first that has values.
  const charted = list.find((i) => i.id === shownIntensity) ?? list.find((i) => (values.data ?? []).some((v) => v.intensityId === i.id));
  const chartData = (values.data ?? [])
    .filter((v) => v.intensityId === charted?.id)
    .sort((a, b) => a.fiscalYear - b.fiscalYear)
    .map((v) => ({ key: String(v.fiscalYear), label: String(v.fiscalYear), value: v.value }));
  const number = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 3 });
  const yearName = (y: number) => t('fiscalYear.name', { year: String(y) });
  const deletion = useConfirmedDelete(remove.mutateAsync, (v: ManagementIntensity) => t('intensity.management.deleted', { name: v.intensityName, year: yearName(v.fiscalYear) }), errorText);

  const loading = intensities.isPending || values.isPending;
  return (
    <>
      <PageHeader
        subtitle={company?.name}
        actions={
<AddButton canWrite={canWrite && list.length > 0} onClick={() => setDialog({ open: true, editing: null })} label={t('intensity.management.add')} testId="value-add" />
        }
      />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('intensity.management.intro')}
      </Callout>
      {loading ? (
        <div className="ghg-center-pad">
          <Spinner size={24} />
        </div>
      ) : intensities.isError || values.isError ? (
        <ErrorCallout error={intensities.error ?? values.error} />
      ) : list.length === 0 ? (
        <NonIdealState
          icon="divide"
          title={t('intensity.management.noIntensities')}
          action={<Link to="/emission/setting/intensity">{t('intensity.management.toMaster')}</Link>}
        />
      ) : (
        <>
          <Card className="ghg-table-card">
            <div className="ghg-table-toolbar">
              <FormGroup label={t('intensity.management.intensity')} labelFor="value-filter" inline className="ghg-inline-field">
                <HTMLSelect
                  id="value-filter"
                  value={shownIntensity}
                  onChange={(e) => setShownIntensity(e.currentTarget.value)}
                  options={[{ value: ALL, label: t('intensity.management.allIntensities') }, ...list.map((i) => ({ value: i.id, label: i.name }))]}
                  data-testid="value-filter"
                />
              </FormGroup>
            </div>
            {rows.length === 0 ? (
              <NonIdealState icon="th" title={t('intensity.management.empty')} description={t('intensity.management.emptyHint')} />
            ) : (
              <HTMLTable className="ghg-table" striped interactive data-testid="value-table">
                <thead>
                  <tr>
                    {header('intensityName', t('intensity.management.intensity'))}
                    {header('fiscalYear', t('intensity.management.fiscalYear'))}
                    {header('value', t('intensity.management.value'), 'right')}
                    <ActionsHeader />
                  </tr>
                </thead>
                <tbody>
                  {rows.map((v) => (
                    <tr key={v.id} data-testid={`value-row-${v.intensityName}-${v.fiscalYear}`}>
                      <td>
                        <strong>{v.intensityName}</strong>
                      </td>
                      <td>{yearName(v.fiscalYear)}</td>
                      <td className="ghg-num">
                        {number(v.value)} <span className="bp6-text-muted">{v.unit}</span>
                      </td>
                      <RowActions
                        canWrite={canWrite}
                        editLabel={t('intensity.management.editRow', { name: v.intensityName, year: yearName(v.fiscalYear) })}
                        deleteLabel={t('intensity.management.deleteRow', { name: v.intensityName, year: yearName(v.fiscalYear) })}
                        onEdit={() => setDialog({ open: true, editing: v })}
                        onDelete={() => deletion.ask(v)}
                        testId="value"
                      />
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </Card>
          {charted && chartData.length > 0 && (
            <Card className="ghg-table-card" data-testid="value-chart">
              <h2 className="bp6-heading ghg-section-title">{t('intensity.management.chartTitle', { name: charted.name, unit: charted.unit })}</h2>
              <BarChart
                data={chartData}
                ariaLabel={t('intensity.management.chartTitle', { name: charted.name, unit: charted.unit })}
                valueLabel={(bar) => `${yearName(Number(bar.key))}: ${number(bar.value)} ${charted.unit}`}
              />
            </Card>
          )}
        </>
      )}
      <ValueDialog
        isOpen={dialog.open}
        editing={dialog.editing}
        intensities={list}
        defaults={{ intensityId: shownIntensity || (list[0]?.id ?? ''), fiscalYear }}
        onClose={() => setDialog({ open: false, editing: null })}
        onSaved={(added) => {
          setDialog({ open: false, editing: null });
          showToast({ message: t(added ? 'intensity.management.added' : 'intensity.management.updated'), intent: Intent.SUCCESS, icon: 'tick' });
        }}
      />
      <ConfirmDelete {...deletion.dialog} loading={remove.isPending} hint={t('intensity.management.confirmDeleteHint')}>
        {deletion.target && t('intensity.management.confirmDelete', { name: deletion.target.intensityName, year: yearName(deletion.target.fiscalYear) })}
      </ConfirmDelete>
    </>
  );
}
