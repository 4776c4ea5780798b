import type { FormEvent } from 'react';
import { Dialog, DialogBody, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { INTENSITY_NAME_MAX, INTENSITY_UNIT_MAX } from '@ghg/domain';
import type { MessageId } from '@ghg/locales';
import { editOf } from '../../../core/api/mutations';
import { useT } from '../../../core/i18n/I18nProvider';
import { DialogActions } from '../../../core/ui/DialogActions';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { refusedFields } from '../../../core/ui/errorMessage';
import { useDialogForm } from '../../../core/ui/useDialogForm';
import { intensityCodes, useSaveIntensity, type Intensity } from './api';

export interface IntensityDraft {
  name: string;
  unit: string;
}

interface Props {
  isOpen: boolean;
  editing: Intensity | null;
  /** Prefilled values of a new intensity (a suggestion). */
  draft: IntensityDraft;
  onClose: () => void;
  onSaved: (intensity: Intensity, added: boolean) => void;
}

const LIMIT = { name: INTENSITY_NAME_MAX, unit: INTENSITY_UNIT_MAX } as const;
type Errors = Partial<Record<keyof IntensityDraft, MessageId>>;

/** Checked before sending: both required, within the server's lengths. */
export function validateIntensity(draft: IntensityDraft): Errors {
  const errors: Errors = {};
  for (const key of ['name', 'unit'] as const) {
    const value = draft[key].trim();
    if (!value) errors[key] = 'validation.required';
    else if (value.length > LIMIT[key]) errors[key] = key === 'name' ? 'intensity.nameTooLong' : 'intensity.unitTooLong';
  }
  return errors;
}

/** Add or edit one denominator of the intensity master. */
export function IntensityDialog({ isOpen, editing, draft, onClose, onSaved }: Props) {
  const t = useT();
  const save = useSaveIntensity();
  const start: IntensityDraft = editing ? { name: editing.name, unit: editing.unit } : draft;
  const { form, errors, setErrors, set } = useDialogForm(isOpen, start, [save]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateIntensity(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync({ name: form.name.trim(), unit: form.unit.trim(), ...editOf(editing) });
      onSaved(saved, !editing);
    } catch (error) {
      setErrors(refusedFields(error, form, 'intensity.checkField', { invalid_name: 'name', intensity_exists: 'name', invalid_unit: 'unit' }));
    }
  };

  const field = (key: keyof IntensityDraft, label: MessageId, hint: MessageId) => (
    <FormGroup label={t(label)} labelFor={`intensity-${key}`} intent={errors[key] ? Intent.DANGER : Intent.NONE} helperText={errors[key] ? t(errors[key]) : t(hint)}>
      <InputGroup
        id={`intensity-${key}`}
        value={form[key]}
        autoFocus={key === 'name'}
        intent={errors[key] ? Intent.DANGER : Intent.NONE}
        aria-invalid={Boolean(errors[key])}
        onChange={(e) => set(key, e.currentTarget.value)}
        data-testid={`intensity-${key}`}
      />
    </FormGroup>
  );

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t(editing ? 'intensity.edit' : 'intensity.add')} icon={editing ? 'edit' : 'add'} canOutsideClickClose={!save.isPending}>
      <form onSubmit={submit} noValidate data-testid="intensity-dialog">
        <DialogBody>
          <ErrorCallout error={save.error} codes={intensityCodes} />
          {field('name', 'intensity.name', 'intensity.nameHint')}
          {field('unit', 'intensity.unit', 'intensity.unitHint')}
        </DialogBody>
        <DialogActions onCancel={onClose} pending={save.isPending} saveTestId="intensity-save" />
      </form>
    </Dialog>
  );
}
