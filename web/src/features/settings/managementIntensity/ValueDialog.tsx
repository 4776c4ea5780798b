import { Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { editOf } from '../../../core/api/mutations';
import { useT } from '../../../core/i18n/I18nProvider';
import { DialogActions } from '../../../core/ui/DialogActions';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import type { Intensity } from '../intensity/api';
import { managementIntensityCodes, useSaveManagementIntensity, type ManagementIntensity } from './api';
import { validateValue, type ValueForm } from './validation';
import { useDialogForm } from '../../../core/ui/useDialogForm';


interface Props {
  isOpen: boolean;
  editing: ManagementIntensity | null;
  intensities: Intensity[];
  defaults: { intensityId: string; fiscalYear: number };
  onClose: () => void;
  onSaved: (added: boolean) => void;
}

/** Add or edit the value of one intensity in one fiscal year. */
export function ValueDialog({ isOpen, editing, intensities, defaults, onClose, onSaved }: Props) {
  const t = useT();
  const save = useSaveManagementIntensity();
  const start: ValueForm = editing
    ? { intensityId: editing.intensityId, fiscalYear: String(editing.fiscalYear), value: String(editing.value) }
    : { intensityId: defaults.intensityId, fiscalYear: String(defaults.fiscalYear), value: '' };
  const { form, errors, set, submitWith } = useDialogForm(isOpen, start, [save]);
  const unit = intensities.find((i) => i.id === form.intensityId)?.unit ?? '';

  const codeFields = { invalid_value: 'value', invalid_fiscal_year: 'fiscalYear', management_intensity_exists: 'fiscalYear', unknown_intensity: 'intensityId' };
  const submit = submitWith(
    validateValue,
    async (value) => {
      await save.mutateAsync({ ...value, ...editOf(editing) });
      onSaved(!editing);
    },
    { message: 'intensity.checkField', codeFields },
  );

  const group = (key: keyof ValueForm, label: Parameters<typeof t>[0]) => ({
    label: t(label),
    labelFor: `value-${key}`,
    intent: errors[key] ? Intent.DANGER : Intent.NONE,
    helperText: errors[key] && t(errors[key]),
  });

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t(editing ? 'intensity.management.edit' : 'intensity.management.add')} icon={editing ? 'edit' : 'add'} canOutsideClickClose={!save.isPending}>
      <form onSubmit={submit} noValidate data-testid="value-dialog">
        <DialogBody>
          <ErrorCallout error={save.error} codes={managementIntensityCodes} />
          <FormGroup {...group('intensityId', 'intensity.management.intensity')}>
            <HTMLSelect
              id="value-intensityId"
              fill
              value={form.intensityId}
              disabled={Boolean(editing)}
              onChange={(e) => set('intensityId', e.currentTarget.value)}
              options={[{ value: '', label: t('intensity.management.chooseIntensity') }, ...intensities.map((i) => ({ value: i.id, label: t('intensity.nameWithUnit', { name: i.name, unit: i.unit }) }))]}
              data-testid="value-intensity"
            />
          </FormGroup>
          <FormGroup {...group('fiscalYear', 'intensity.management.fiscalYear')}>
            <InputGroup id="value-fiscalYear" inputMode="numeric" value={form.fiscalYear} readOnly={Boolean(editing)} onChange={(e) => set('fiscalYear', e.currentTarget.value)} data-testid="value-year" />
          </FormGroup>
          <FormGroup {...group('value', 'intensity.management.value')}>
            <InputGroup
              id="value-value"
              inputMode="decimal"
              autoFocus
              value={form.value}
              intent={errors.value ? Intent.DANGER : Intent.NONE}
              rightElement={unit ? <span className="ghg-input-suffix">{unit}</span> : undefined}
              onChange={(e) => set('value', e.currentTarget.value)}
              data-testid="value-value"
            />
          </FormGroup>
        </DialogBody>
        <DialogActions onCancel={onClose} pending={save.isPending} saveTestId="value-save" />
      </form>
    </Dialog>
  );
}
