import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert, Button, ButtonGroup, Callout, Card, HTMLTable, Intent, NonIdealState, Spinner, Tooltip } from '@blueprintjs/core';
import type { CurrencyRate } from '../../../core/api/types';
import { useCan } from '../../../core/auth/permissions';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ErrorCallout, useErrorText } from '../../../core/ui/ErrorCallout';
import { PageHeader } from '../../../core/ui/PageHeader';
import { SortableHeader } from '../../../core/ui/SortableHeader';
import { sortRows, toggleSort, type SortState } from '../../../core/ui/sorting';
import { showToast } from '../../../core/ui/toaster';
import { DEFAULT_CURRENCY_RATE } from '@ghg/domain';
import { useCurrencies, useDeleteCurrency } from './api';
import { CurrencyDialog } from './CurrencyDialog';

type Column = 'fiscalYear' | 'currencyUnit' | 'rate';

/** Currency rates per fiscal year (yen per unit): list, add, edit, delete with confirmation. */
export default function CurrencyPage() {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const { companyId, company, fiscalYear } = useWorkspace();
  const [scope, setScope] = useState<'year' | 'all'>('year');
  const rates = useCurrencies(companyId, scope === 'all' ? 'all' : fiscalYear);
  const remove = useDeleteCurrency();
  const [sort, setSort] = useState<SortState<Column>>({ key: 'currencyUnit', direction: 'asc' });
  const [dialog, setDialog] = useState<{ open: boolean; editing: CurrencyRate | null }>({ open: false, editing: null });
  const [deleting, setDeleting] = useState<CurrencyRate | null>(null);
  const canWrite = useCan('company.configure');

  const rows = useMemo(() => sortRows(rates.data ?? [], sort, (r, k) => r[k]), [rates.data, sort]);
  const formatRate = (rate: number) => intl.formatNumber(rate, { maximumFractionDigits: 6 });

  const confirmDelete = async () => {
    if (!deleting) return;
    const target = deleting;
    try {
      await remove.mutateAsync(target);
      showToast({ message: t('settings.currency.deleted', { unit: target.currencyUnit, year: String(target.fiscalYear) }), intent: Intent.SUCCESS, icon: 'trash' });
    } catch (error) {
      showToast({ message: errorText(error), intent: Intent.DANGER, icon: 'error' });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader
        subtitle={company?.name}
        actions={
          <Tooltip content={t('settings.readOnly')} disabled={canWrite}>
            <Button intent={Intent.PRIMARY} icon="add" disabled={!canWrite} onClick={() => setDialog({ open: true, editing: null })} data-testid="currency-add">
              {t('settings.currency.add')}
            </Button>
          </Tooltip>
        }
      />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('settings.currency.intro', { rate: DEFAULT_CURRENCY_RATE })}
      </Callout>
      <Card className="ghg-table-card">
        <div className="ghg-table-toolbar">
          <h2 className="bp6-heading ghg-section-title">
            {scope === 'all' ? t('settings.currency.allYears') : t('settings.currency.forYear', { year: t('fiscalYear.name', { year: String(fiscalYear) }) })}
          </h2>
          <ButtonGroup>
            <Button active={scope === 'year'} onClick={() => setScope('year')} data-testid="currency-scope-year">
              {t('settings.currency.selectedYear')}
            </Button>
            <Button active={scope === 'all'} onClick={() => setScope('all')} data-testid="currency-scope-all">
              {t('settings.currency.allYears')}
            </Button>
          </ButtonGroup>
        </div>
        {rates.isPending ? (
          <div className="ghg-center-pad">
            <Spinner size={24} />
          </div>
        ) : rates.isError ? (
          <ErrorCallout error={rates.error} />
        ) : rows.length === 0 ? (
          <NonIdealState
            icon="bank-account"
            title={t('settings.currency.empty')}
            description={t('settings.currency.emptyHint', { rate: DEFAULT_CURRENCY_RATE })}
            action={
              canWrite ? (
                <Button icon="add" onClick={() => setDialog({ open: true, editing: null })}>
                  {t('settings.currency.add')}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <HTMLTable className="ghg-table" striped interactive data-testid="currency-table">
            <thead>
              <tr>
                <SortableHeader column="fiscalYear" label={t('settings.currency.fiscalYear')} sort={sort} onSort={(c) => setSort(toggleSort(sort, c))} />
                <SortableHeader column="currencyUnit" label={t('settings.currency.unit')} sort={sort} onSort={(c) => setSort(toggleSort(sort, c))} />
                <SortableHeader column="rate" label={t('settings.currency.rate')} sort={sort} onSort={(c) => setSort(toggleSort(sort, c))} align="right" />
                <th className="ghg-actions-col">
                  <span className="ghg-visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid={`currency-row-${r.currencyUnit}-${r.fiscalYear}`}>
                  <td>{t('fiscalYear.name', { year: String(r.fiscalYear) })}</td>
                  <td>
                    <strong>{r.currencyUnit}</strong>
                  </td>
                  <td className="ghg-num">
                    {formatRate(r.rate)} <span className="bp6-text-muted">{t('settings.currency.yenPerUnit')}</span>
                  </td>
                  <td className="ghg-actions-col">
                    <Button
                      variant="minimal"
                      size="small"
                      icon="edit"
                      disabled={!canWrite}
                      aria-label={t('settings.currency.editRow', { unit: r.currencyUnit, year: String(r.fiscalYear) })}
                      onClick={() => setDialog({ open: true, editing: r })}
                      data-testid="currency-edit"
                    />
                    <Button
                      variant="minimal"
                      size="small"
                      icon="trash"
                      intent={Intent.DANGER}
                      disabled={!canWrite}
                      aria-label={t('settings.currency.deleteRow', { unit: r.currencyUnit, year: String(r.fiscalYear) })}
                      onClick={() => setDeleting(r)}
                      data-testid="currency-delete"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>

      <CurrencyDialog
        isOpen={dialog.open}
        editing={dialog.editing}
        defaultFiscalYear={fiscalYear}
        onClose={() => setDialog({ open: false, editing: null })}
        onSaved={(rate, added) => {
          setDialog({ open: false, editing: null });
          showToast({
            message: t(added ? 'settings.currency.added' : 'settings.currency.updated', { unit: rate.currencyUnit, year: String(rate.fiscalYear) }),
            intent: Intent.SUCCESS,
            icon: 'tick',
          });
        }}
      />

      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon="trash"
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        canEscapeKeyCancel
        data-testid="currency-delete-confirm"
      >
        <p>{deleting && t('settings.currency.confirmDelete', { unit: deleting.currencyUnit, year: t('fiscalYear.name', { year: String(deleting.fiscalYear) }) })}</p>
        <p className="bp6-text-muted">{t('settings.currency.confirmDeleteHint', { rate: DEFAULT_CURRENCY_RATE })}</p>
      </Alert>
    </>
  );
}
