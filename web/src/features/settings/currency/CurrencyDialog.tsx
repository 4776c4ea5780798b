import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { CurrencyRate } from '../../../core/api/types';
import { useT } from '../../../core/i18n/I18nProvider';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { useSaveCurrency } from './api';
import { validateCurrency, type CurrencyForm } from './validation';
import { useDialogForm } from '../../../core/ui/useDialogForm';


interface Props {
  isOpen: boolean;
  /** null: add a new rate. */
  editing: CurrencyRate | null;
  defaultFiscalYear: number;
  onClose: () => void;
  onSaved: (rate: CurrencyRate, added: boolean) => void;
}

/** Add or edit one rate; validated before sending, the server's refusal shown otherwise. */
export function CurrencyDialog({ isOpen, editing, defaultFiscalYear, onClose, onSaved }: Props) {
  const t = useT();
  const save = useSaveCurrency();
  const start: CurrencyForm = editing
    ? { fiscalYear: String(editing.fiscalYear), currencyUnit: editing.currencyUnit, rate: String(editing.rate) }
    : { fiscalYear: String(defaultFiscalYear), currencyUnit: '', rate: '' };
  const { form, errors, set, submitWith } = useDialogForm(isOpen, start, [save]);

  const field = (key: keyof CurrencyForm) => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
    intent: errors[key] ? Intent.DANGER : Intent.NONE,
    'aria-invalid': Boolean(errors[key]),
  });

  // A refusal is shown in the dialog's callout; it names no field to mark.
  const submit = submitWith(validateCurrency, async (value) => {
    const saved = await save.mutateAsync({ ...value, ...(editing ? { id: editing.id, expectedVersion: editing.version } : {}) });
    onSaved(saved, !editing);
  });

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t(editing ? 'settings.currency.edit' : 'settings.currency.add')}
      icon={editing ? 'edit' : 'add'}
      canOutsideClickClose={!save.isPending}
      data-testid="currency-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <ErrorCallout error={save.error} />
          <FormGroup label={t('settings.currency.fiscalYear')} labelFor="currency-year" intent={errors.fiscalYear ? Intent.DANGER : Intent.NONE} helperText={errors.fiscalYear && t(errors.fiscalYear)}>
            <InputGroup id="currency-year" inputMode="numeric" autoFocus={!editing} {...field('fiscalYear')} data-testid="currency-year" />
          </FormGroup>
          <FormGroup
            label={t('settings.currency.unit')}
            labelFor="currency-unit"
            intent={errors.currencyUnit ? Intent.DANGER : Intent.NONE}
            helperText={errors.currencyUnit ? t(errors.currencyUnit) : t('settings.currency.unitHint')}
          >
            <InputGroup id="currency-unit" maxLength={3} autoComplete="off" placeholder="USD" className="ghg-upper" {...field('currencyUnit')} data-testid="currency-unit" />
          </FormGroup>
          <FormGroup
            label={t('settings.currency.rate')}
            labelFor="currency-rate"
            intent={errors.rate ? Intent.DANGER : Intent.NONE}
            helperText={errors.rate ? t(errors.rate) : t('settings.currency.rateHint', { unit: form.currencyUnit.trim().toUpperCase() || '—' })}
          >
            <InputGroup
              id="currency-rate"
              inputMode="decimal"
              autoFocus={Boolean(editing)}
              rightElement={<span className="ghg-input-suffix">{t('settings.currency.yenPerUnit')}</span>}
              {...field('rate')}
              data-testid="currency-rate"
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose} disabled={save.isPending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" loading={save.isPending} data-testid="currency-save">
                {t('common.save')}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
