import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, Card, Dialog, DialogBody, FormGroup, HTMLSelect, HTMLTable, Intent, Spinner, Tooltip } from '@blueprintjs/core';
import { companiesQuery } from '../../../core/api/queries';
import type { Company } from '../../../core/api/types';
import { useCan } from '../../../core/auth/permissions';
import { useT } from '../../../core/i18n/I18nProvider';
import { DialogActions } from '../../../core/ui/DialogActions';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { filterRows } from '../../../core/ui/filtering';
import { PageHeader } from '../../../core/ui/PageHeader';
import { regionMessage } from '../../../core/ui/regions';
import { sortRows } from '../../../core/ui/sorting';
import { ActionsHeader, FilterBox, useSort } from '../../../core/ui/TableParts';
import { showToast } from '../../../core/ui/toaster';
import { useResetOnChange } from '../../../core/ui/useResetOnChange';
import { useChangeRegion, useRegions } from './api';

type Column = 'name' | 'region';

/** The region of each company the user can reach (it picks the region's emission factors and views). */
export default function RegionPage() {
  const t = useT();
  const companies = useQuery(companiesQuery);
  const regions = useRegions();
  const canWrite = useCan('company.configure');
  const [query, setQuery] = useState('');
  const { sort, header } = useSort<Column>({ key: 'name', direction: 'asc' });
  const [editing, setEditing] = useState<Company | null>(null);

  const regionName = (region: string) => {
    const id = regionMessage(region);
    return id ? t(id) : region;
  };
  // Filtered and sorted on each render (the group's companies), with region names in the current language.
  const rows = sortRows(filterRows(companies.data?.companies ?? [], query, (c) => [c.name, regionName(c.region)]), sort, (c, k) => (k === 'region' ? regionName(c.region) : c.name));

  return (
    <>
      <PageHeader />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('region.settings.intro')}
      </Callout>
      <Card className="ghg-table-card">
        <div className="ghg-table-toolbar">
          <FilterBox value={query} onChange={setQuery} placeholder={t('region.settings.filter')} />
        </div>
        {companies.isPending ? (
          <div className="ghg-center-pad">
            <Spinner size={24} />
          </div>
        ) : companies.isError ? (
          <ErrorCallout error={companies.error} />
        ) : (
          <HTMLTable className="ghg-table" striped interactive data-testid="region-table">
            <thead>
              <tr>
                {header('name', t('region.settings.company'))}
                {header('region', t('region.settings.region'))}
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id} data-testid={`region-row-${c.name}`}>
                  <td>
                    <strong>{c.name}</strong>
                  </td>
                  <td data-testid="region-value">{regionName(c.region)}</td>
                  <td className="ghg-actions-col">
                    <Tooltip content={t('settings.readOnly')} disabled={canWrite}>
                      <Button variant="minimal" size="small" icon="edit" disabled={!canWrite} onClick={() => setEditing(c)} data-testid="region-change">
                        {t('region.settings.change')}
                      </Button>
                    </Tooltip>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>
      <RegionDialog company={editing} regions={regions.data ?? []} regionName={regionName} onClose={() => setEditing(null)} />
    </>
  );
}

function RegionDialog({ company, regions, regionName, onClose }: { company: Company | null; regions: string[]; regionName: (r: string) => string; onClose: () => void }) {
  const t = useT();
  const change = useChangeRegion();
  const [region, setRegion] = useState('');

  useResetOnChange([company], () => {
    if (company) setRegion(company.region);
  });
  const resetChange = useEffectEvent(() => change.reset());
  useEffect(() => {
    if (company) resetChange();
  }, [company]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!company) return;
    try {
      await change.mutateAsync({ companyId: company.id, region });
      showToast({ message: t('region.settings.changed', { company: company.name, region: regionName(region) }), intent: Intent.SUCCESS, icon: 'tick' });
      onClose();
    } catch {
      /* shown in the dialog */
    }
  };

  return (
    <Dialog isOpen={company !== null} onClose={onClose} title={t('region.settings.dialogTitle', { company: company?.name ?? '' })} icon="globe" canOutsideClickClose={!change.isPending}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <ErrorCallout error={change.error} />
          <FormGroup label={t('region.settings.region')} labelFor="region-select" helperText={t('region.settings.hint')}>
            <HTMLSelect id="region-select" fill value={region} onChange={(e) => setRegion(e.currentTarget.value)} options={regions.map((r) => ({ value: r, label: regionName(r) }))} data-testid="region-select" />
          </FormGroup>
        </DialogBody>
        <DialogActions onCancel={onClose} pending={change.isPending} saveTestId="region-save" saveDisabled={region === company?.region} />
      </form>
    </Dialog>
  );
}
