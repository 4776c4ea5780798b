import type { FormEvent } from 'react';
import { Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, Intent, NumericInput } from '@blueprintjs/core';
import type { Company } from '../../../core/api/types';
import { useT } from '../../../core/i18n/I18nProvider';
import { DialogActions } from '../../../core/ui/DialogActions';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { REGIONS, regionMessage } from '../../../core/ui/regions';
import { useDialogForm } from '../../../core/ui/useDialogForm';
import { CONTROL_APPROACHES, companyCodes, controlApproachLabel, useAddCompany, useSetConsolidation, validateCompany, type CompanyForm } from './api';

interface Props {
  /** null: closed; 'add': a new company; a company: its consolidation settings. */
  open: 'add' | Company | null;
  onClose: () => void;
}

/** Adds a company (group administrators) or changes a company's equity share and control approach. */
export function CompanyDialog({ open, onClose }: Props) {
  const t = useT();
  const add = useAddCompany();
  const consolidation = useSetConsolidation();
  const adding = open === 'add';
  const mutation = adding ? add : consolidation;
  const c = open === 'add' ? null : open;
  const start: CompanyForm = { name: c?.name ?? '', region: c?.region ?? 'Japan', equitySharePercent: c?.equitySharePercent ?? 100, controlApproach: c?.controlApproach ?? 'operational' };
  const { form, errors, setErrors, set } = useDialogForm(open !== null, start, [add, consolidation]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCompany(form, adding);
    setErrors(found);
    if (Object.keys(found).length > 0 || !open) return;
    try {
      if (open === 'add') await add.mutateAsync({ ...form, name: form.name.trim() });
      else await consolidation.mutateAsync({ companyId: open.id, equitySharePercent: form.equitySharePercent, controlApproach: form.controlApproach });
      onClose();
    } catch {
      // shown below
    }
  };

  const field = (key: keyof CompanyForm) => ({ intent: errors[key] ? Intent.DANGER : Intent.NONE, helperText: errors[key] ? t(errors[key]) : undefined });
  return (
    <Dialog isOpen={open !== null} onClose={onClose} title={adding ? t('account.company.add') : t('account.company.editTitle', { name: open && typeof open === 'object' ? open.name : '' })} icon="office">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {mutation.error !== null && <ErrorCallout error={mutation.error} codes={companyCodes} />}
          {adding && (
            <>
              <FormGroup label={t('account.company.name')} labelFor="company-name" labelInfo="*" {...field('name')}>
                <InputGroup id="company-name" value={form.name} onChange={(e) => set('name', e.currentTarget.value)} data-testid="company-name" autoFocus />
              </FormGroup>
              <FormGroup label={t('account.company.region')} labelFor="company-region">
                <HTMLSelect id="company-region" fill value={form.region} onChange={(e) => set('region', e.currentTarget.value)} data-testid="company-region">
                  {REGIONS.map((r) => (
                    <option key={r} value={r}>
                      {regionMessage(r) ? t(regionMessage(r)!) : r}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            </>
          )}
          <FormGroup label={t('account.company.equityShare')} labelFor="company-equity" labelInfo="%" {...field('equitySharePercent')}>
            <NumericInput
              id="company-equity"
              fill
              min={0}
              max={100}
              stepSize={1}
              minorStepSize={0.01}
              value={Number.isFinite(form.equitySharePercent) ? form.equitySharePercent : ''}
              onValueChange={(value) => set('equitySharePercent', value)}
              data-testid="company-equity"
            />
          </FormGroup>
          <FormGroup label={t('account.company.controlApproach')} labelFor="company-control" helperText={t('account.company.controlHint')}>
            <HTMLSelect id="company-control" fill value={form.controlApproach} onChange={(e) => set('controlApproach', e.currentTarget.value as CompanyForm['controlApproach'])} data-testid="company-control">
              {CONTROL_APPROACHES.map((c) => (
                <option key={c} value={c}>
                  {t(controlApproachLabel[c])}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        </DialogBody>
        <DialogActions onCancel={onClose} pending={mutation.isPending} saveTestId="company-save" />
      </form>
    </Dialog>
  );
}
